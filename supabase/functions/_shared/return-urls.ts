import { HttpError } from './http.ts';

/**
 * A return URL from the request: absolute http(s) on an allowed origin, else a 400, so the functions cannot
 * send a paying user (or Stripe's redirect) to someone else's site. Absent → `fallbackPath` on the origin the
 * request came from when that origin is allowed, else on the site origin.
 */
export function resolveReturnUrl(
  value: unknown,
  field: string,
  fallbackPath: string,
  opts: { allowedOrigins: readonly string[]; siteOrigin: string; requestOrigin: string | null },
): URL {
  if (value === undefined || value === null) {
    const origin =
      opts.requestOrigin && opts.allowedOrigins.includes(opts.requestOrigin) ? opts.requestOrigin : opts.siteOrigin;
    return new URL(fallbackPath, origin);
  }
  if (typeof value !== 'string' || value.length > 2000) {
    throw new HttpError(400, `${field} must be a URL string`, 'invalid_return_url');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpError(400, `${field} must be an absolute URL`, 'invalid_return_url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new HttpError(400, `${field} must be an http(s) URL`, 'invalid_return_url');
  }
  if (!opts.allowedOrigins.includes(url.origin)) {
    throw new HttpError(400, `${field} is not on an allowed origin`, 'invalid_return_url');
  }
  return url;
}
