import { describe, expect, it } from 'vitest';
import { robotsWithSitemap, siteOrigin, sitemapXml } from '../../vite/site-files.ts';

// The pieces of robots.txt and sitemap.xml the build writes (vite/site-files.ts); e2e/site-files.spec.ts checks
// what the built app serves.

describe('site files', () => {
  it('takes the origin of VITE_SITE_URL and refuses anything but an absolute http(s) URL, by name', () => {
    expect(siteOrigin(' https://goodspace.example/some/path ')).toBe('https://goodspace.example');
    expect(siteOrigin(undefined)).toBeNull();
    expect(siteOrigin('  ')).toBeNull();
    expect(() => siteOrigin('goodspace.example')).toThrow(/^VITE_SITE_URL must be the site's absolute URL/);
    expect(() => siteOrigin('ftp://goodspace.example')).toThrow(/^VITE_SITE_URL must be an http\(s\) URL/);
  });

  it('lists the pages with absolute, escaped URLs', () => {
    expect(sitemapXml('https://goodspace.example', ['/', '/auth', '/a&b'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://goodspace.example/</loc></url>\n' +
        '  <url><loc>https://goodspace.example/auth</loc></url>\n' +
        '  <url><loc>https://goodspace.example/a&amp;b</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it('adds one Sitemap line to robots.txt, replacing any there was', () => {
    expect(robotsWithSitemap('User-agent: *\nAllow: /\n', 'https://goodspace.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://goodspace.example/sitemap.xml\n',
    );
    expect(
      robotsWithSitemap('User-agent: *\nsitemap: https://old.example/s.xml\nAllow: /', 'https://new.example'),
    ).toBe('User-agent: *\nAllow: /\n\nSitemap: https://new.example/sitemap.xml\n');
  });
});
