/** Absolute links for the e-mails: the confirmation opens the site root, the reset link /auth?reset=true. */
export function siteUrl(path: string): string {
  // Prerendering (no window) only passes it along as a prop; the browser's render gives the real origin.
  if (typeof window === 'undefined') return path;
  return new URL(path, window.location.origin).toString();
}
