/**
 * Goes to a URL a payment function returned: inside the app through the router (keeps the cache and the
 * session in memory), anywhere else by a real navigation.
 */
export function followUrl(url: string, navigate: (to: string) => unknown): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}${target.hash}`);
  else window.location.assign(target.href);
}
