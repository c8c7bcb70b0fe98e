// Vite plugin: the files crawlers ask for. public/robots.txt is copied as it is; when the build knows the site's
// origin (VITE_SITE_URL) it gains a Sitemap line and sitemap.xml lists the public pages, both with absolute URLs
// as the sitemap protocol requires. Without VITE_SITE_URL the build warns and ships robots.txt alone, which is
// still valid. Without robots.txt at all, a host's SPA fallback would answer /robots.txt with HTML.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** The origin of VITE_SITE_URL, or null when unset; anything but an absolute http(s) URL is an error naming it. */
export function siteOrigin(value: string | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`VITE_SITE_URL must be the site's absolute URL, e.g. https://goodspace.example (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`VITE_SITE_URL must be an http(s) URL (got "${raw}")`);
  return url.origin;
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A sitemaps.org urlset of the pages on the origin. */
export function sitemapXml(origin: string, pages: readonly string[]): string {
  const urls = pages.map((page) => `  <url><loc>${escapeXml(new URL(page, origin).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt with the sitemap's absolute URL appended (one Sitemap line; an existing one is replaced). */
export function robotsWithSitemap(robots: string, origin: string): string {
  const kept = robots
    .split('\n')
    .filter((line) => !/^\s*sitemap\s*:/i.test(line))
    .join('\n')
    .trimEnd();
  return `${kept}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function siteFilesPlugin(pages: readonly string[]): Plugin {
  let config: ResolvedConfig;
  let origin: string | null = null;
  return {
    name: 'good-space:site-files',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      if (config.build.ssr) return;
      origin = siteOrigin(config.env.VITE_SITE_URL as string | undefined);
      if (!origin) {
        config.logger.warn(
          'VITE_SITE_URL is not set: robots.txt ships without a Sitemap line and no sitemap.xml is written (docs/deployment.md).',
        );
      }
    },
    writeBundle(options) {
      if (config.build.ssr || !origin) return;
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      const robotsFile = path.join(outDir, 'robots.txt');
      writeFileSync(
        robotsFile,
        robotsWithSitemap(
          existsSync(robotsFile) ? readFileSync(robotsFile, 'utf8') : 'User-agent: *\nAllow: /\n',
          origin,
        ),
      );
      writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(origin, pages));
    },
  };
}
