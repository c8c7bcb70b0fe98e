import { expect, test } from './support/test.ts';
import { inlineHashes } from '../vite/security-headers.ts';
import { E2E_API_URL, E2E_APP_URL } from './stack-ports.ts';

// What a crawler asks for first must be real files: a host's SPA fallback would answer them with the app's HTML
// (Lighthouse: "robots.txt is not valid"). The build knows the site's origin from VITE_SITE_URL (docs/deployment.md).

test('robots.txt is plain text that allows crawling and names the sitemap', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain\b/);
  const text = await res.text();
  expect(text).not.toContain('<html');
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  expect(text.match(/^Sitemap: .*$/gm)).toEqual([`Sitemap: ${E2E_APP_URL}/sitemap.xml`]);
});

test('the sitemap is XML listing the public pages, each of which answers', async ({ request }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^(text|application)\/xml\b/);
  const xml = await res.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(pages).toEqual([`${E2E_APP_URL}/`, `${E2E_APP_URL}/auth`, `${E2E_APP_URL}/pricing`]);
  for (const page of pages) {
    const answer = await request.get(page);
    expect(answer.status(), page).toBe(200);
    expect(answer.headers()['content-type'], page).toMatch(/^text\/html\b/);
  }
});

test('every page is served with the security headers the build wrote: the CSP names the Supabase URL and forbids framing', async ({
  request,
}) => {
  for (const page of ['/', '/auth', '/oauth/consent?authorization_id=x', '/spa-fallback-page']) {
    const res = await request.get(page);
    expect(res.status(), page).toBe(200);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, page).toContain("frame-ancestors 'none'");
    expect(csp, page).toMatch(
      new RegExp(`connect-src 'self' ${E2E_API_URL} ${E2E_API_URL.replace('http', 'ws')}(;|$)`),
    );
    expect(csp, page).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp, page).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // Every inline script the page carries is allowed by its hash, and nothing else inline is.
    const { scripts } = inlineHashes(await res.text());
    expect(scripts.length, page).toBeGreaterThan(0);
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
    expect(scriptSrc?.split(' ').slice(1), page).toEqual(["'self'", ...scripts]);
    expect(headers['x-frame-options'], page).toBe('DENY');
    expect(headers['x-content-type-options'], page).toBe('nosniff');
    expect(headers['referrer-policy'], page).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], page).toContain('geolocation=(self)');
  }
});
