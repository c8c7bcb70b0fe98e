import type { IncomingMessage } from 'node:http';
import type { AuthSettings } from './settings.ts';

/**
 * Redirect allow list as GoTrue checks it (internal/utilities/request.go IsRedirectURLValid): same host and
 * scheme as site_url (any port on localhost), any loopback IP, or a match of an additional_redirect_urls
 * glob (gobwas/glob with '.' and '/' as separators: `*` stops at them, `**` does not).
 */
export function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^./]*';
    } else if (ch === '?') re += '[^./]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopbackIp(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::1';
}

export function isRedirectUrlValid(settings: AuthSettings, redirectUrl: string): boolean {
  if (!redirectUrl) return false;
  let base: URL;
  let ref: URL;
  try {
    base = new URL(settings.siteUrl);
    ref = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (
    base.hostname === ref.hostname &&
    base.protocol === ref.protocol &&
    (base.port === ref.port || LOCALHOSTS.has(ref.hostname))
  ) {
    return true;
  }
  const host = ref.hostname;
  const isHttp = ref.protocol === 'http:' || ref.protocol === 'https:';
  if (/^[0-9]+$/.test(host)) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return isLoopbackIp(host);
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host)) return false;
  const matchAgainst = redirectUrl.split('#')[0]!;
  return settings.additionalRedirectUrls.some((p) => globToRegExp(p).test(matchAgainst));
}

/** utilities.GetReferrer: `redirect_to` if allowed, else the Referer header if allowed, else site_url. */
export function referrerOf(settings: AuthSettings, req: IncomingMessage, url: URL, bodyRedirect?: string): string {
  const wanted = url.searchParams.get('redirect_to') ?? bodyRedirect ?? '';
  if (isRedirectUrlValid(settings, wanted)) return wanted;
  const referer = req.headers.referer ?? '';
  if (isRedirectUrlValid(settings, referer)) return referer;
  return settings.siteUrl;
}
