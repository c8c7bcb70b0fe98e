// What the landing page `/` loads, measured in a real browser: every JavaScript and CSS file it fetched, and
// their gzip size. One measurement for two users: bench:web reports it, and e2e/landing-budget.spec.ts makes
// `npm test` fail when the JavaScript passes the budget (docs/architecture.md, Performance rules).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { PageGlobals } from './browser.ts';

/** Landing page JavaScript budget, gzip (ADR 0013). */
export const LANDING_JS_BUDGET_KB = 120;

/** Bytes once compressed with gzip level 9, as most CDNs compress static files. */
export function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length;
}

interface ResourceEntry {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
}

export interface LandingLoad {
  /** Path (e.g. /assets/index-abc.js) of every JS and CSS file the page loaded, and whether it ended before FCP. */
  files: { path: string; beforeFcp: boolean }[];
  fcpMs: number | undefined;
}

/**
 * Opens `/` in a phone-sized viewport (no throttling), lets it settle (loaded, then network idle: the lazy parts
 * a visitor gets without scrolling are in), and lists the JS and CSS it fetched.
 */
export async function recordLanding(
  browser: Browser,
  baseUrl: string,
  pagePath = '/',
  { atLeastScripts = 0 }: { atLeastScripts?: number } = {},
): Promise<LandingLoad> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + pagePath, { waitUntil: 'load', timeout: 60_000 });
    // The app's scripts load after the first paint; on a busy machine the network can rest before they start, so
    // a caller that knows how many there are waits for them before waiting for the network to be idle.
    if (atLeastScripts > 0)
      await page.waitForFunction(
        (n) => performance.getEntriesByType('resource').filter((r) => /\.js(\?|$)/.test(r.name)).length >= n,
        atLeastScripts,
        { timeout: 60_000 },
      );
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const { entries, fcp } = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return {
        entries: g.performance.getEntriesByType('resource').map((r) => ({
          name: r.name,
          initiatorType: r.initiatorType ?? '',
          startTime: r.startTime,
          responseEnd: r.responseEnd ?? 0,
          transferSize: r.transferSize ?? 0,
        })),
        fcp: g.performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      };
    });
    const files = (entries as ResourceEntry[])
      .filter((e) => e.name.startsWith(baseUrl) && /\.(js|css)$/.test(new URL(e.name).pathname))
      .map((e) => ({ path: new URL(e.name).pathname, beforeFcp: fcp === undefined || e.responseEnd <= fcp }));
    return { files, fcpMs: fcp };
  } finally {
    await context.close();
  }
}

/** The JavaScript among `files`, each with its gzip size (`read` gives a file's bytes: from disk or the server). */
export async function landingJavaScript(
  files: LandingLoad['files'],
  read: (path: string) => Buffer | Promise<Buffer>,
): Promise<{ path: string; gzip: number }[]> {
  const js = files.filter((f) => f.path.endsWith('.js'));
  return Promise.all(js.map(async (f) => ({ path: f.path, gzip: gzipSize(await read(f.path)) })));
}
