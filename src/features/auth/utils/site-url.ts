/** Absolute links for the e-mails: the confirmation opens the site root, the reset link /auth?reset=true (SPEC §7). */
export function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
