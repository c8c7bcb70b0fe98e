// Playwright-core on the local Chromium: the project detail page's requests, dependency levels and time until
// every panel shows (the landing page's JavaScript: landing.ts).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROME_PATH } from './lighthouse.ts';
import { describe, levels, type Leveled } from './waterfall.ts';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    timeout: 60_000,
  });
}

// This tsconfig has no DOM lib: page functions reach the browser's globals through these minimal shapes
// (`const g = globalThis as unknown as PageGlobals` inside each function, since they run in the page).
interface PageEl {
  textContent: string | null;
  children: { length: number };
  complete?: boolean;
  naturalWidth?: number;
}
export interface PageGlobals {
  document: { querySelector(s: string): PageEl | null; querySelectorAll(s: string): ArrayLike<PageEl> & Iterable<PageEl> };
  localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
  location: { pathname: string };
  performance: {
    now(): number;
    getEntriesByType(t: string): { name: string; startTime: number; responseEnd?: number; initiatorType?: string; transferSize?: number }[];
    getEntriesByName(n: string): { startTime: number }[];
  };
  __ws: { url: string; start: number; open: number | null }[];
  __benchReadyAt?: number;
}

export interface ProjectRun {
  /** Navigation start → every panel rendered (no spinner left, all panel titles and content on screen). */
  readyMs: number | null;
  /** Navigation start → all photo thumbnails decoded (null when there are none or they never loaded). */
  imagesMs: number | null;
  firstApiMs: number | null;
  requests: Leveled[];
  /** Backend requests started before the page was ready, and the levels among them. */
  requestsBeforeReady: number;
  depthBeforeReady: number;
  websockets: { url: string; start: number; open: number | null }[];
  messagesShown: number;
  newestShown: boolean;
  problem?: string;
}

export interface ProjectPageOptions {
  baseUrl: string;
  apiUrl: string;
  projectId: string;
  /** localStorage entries of a signed-in supabase-js session. */
  storage: [string, string][];
  /** Panel titles (card titles) that must be on screen. */
  panels: string[];
  /** Text of the newest message, to check the latest page is the one shown first. */
  newestText?: string;
  cpuThrottle?: number;
  timeoutMs?: number;
}

const INIT = `(() => {
  const W = window.WebSocket;
  window.__ws = [];
  window.WebSocket = class extends W {
    constructor(u, p) {
      super(u, p);
      const rec = { url: String(u), start: performance.now(), open: null };
      window.__ws.push(rec);
      this.addEventListener('open', () => { rec.open = performance.now(); });
    }
  };
})();`;

/**
 * Records when every panel is on screen: the start of the first frame after the DOM change that completed
 * them (the title, the panels' titles and content, no spinner left, the messages list filled). Checked on DOM
 * changes, not by polling each frame from the test: polling with requestAnimationFrame made the renderer
 * produce a frame 60 times a second during the whole load, about 250 ms of renderer CPU per visit on this
 * 2-core host, where the page competes for the CPU with the browser's other processes and the backend.
 */
function readyWatcher(panels: string[]): string {
  return `(() => {
  const panels = ${JSON.stringify(panels)};
  const ready = () => {
    if (!document.querySelector('h1')) return false;
    if (document.querySelector('[data-slot="spinner"]')) return false;
    const titles = new Set([...document.querySelectorAll('[data-slot="card-title"], h2, h3')].map((e) => e.textContent && e.textContent.trim()));
    if (!panels.every((p) => titles.has(p))) return false;
    // The messages list has its rows (or its empty state).
    const list = document.querySelector('ol[aria-live]');
    return !panels.includes('Messages') || Boolean(list && list.children.length > 0);
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__benchReadyAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;
}

async function newSignedInContext(browser: Browser, storage: [string, string][]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((entries: [string, string][]) => {
    const g = globalThis as unknown as PageGlobals;
    for (const [k, v] of entries) if (g.localStorage.getItem(k) === null) g.localStorage.setItem(k, v);
  }, storage);
  await context.addInitScript(INIT);
  return context;
}

/** One cold visit (new context: empty cache, session already in localStorage) of the project page. */
export async function measureProject(browser: Browser, o: ProjectPageOptions): Promise<ProjectRun> {
  const context = await newSignedInContext(browser, o.storage);
  const timeoutMs = o.timeoutMs ?? 30_000;
  try {
    const page = await context.newPage();
    if (o.cpuThrottle && o.cpuThrottle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpuThrottle });
    }
    await context.addInitScript(readyWatcher(o.panels));
    await page.goto(`${o.baseUrl}/project/${o.projectId}`, { waitUntil: 'commit', timeout: 60_000 });
    let readyMs: number | null = null;
    let problem: string | undefined;
    try {
      const handle = await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__benchReadyAt ?? false, undefined, {
        timeout: timeoutMs,
        polling: 100,
      });
      readyMs = (await handle.jsonValue()) as number;
    } catch {
      problem = await page.evaluate(() => {
        const { document, location } = globalThis as unknown as PageGlobals;
        const spinners = [...document.querySelectorAll('[data-slot="spinner"]')].map((s) => s.textContent?.trim()).join(', ');
        const titles = [...document.querySelectorAll('[data-slot="card-title"], h1, h2')].map((e) => e.textContent?.trim()).join(' | ');
        const alerts = [...document.querySelectorAll('[role="alert"], [data-sonner-toast]')].map((e) => e.textContent?.trim()).join(' | ');
        return `not ready after the timeout at ${location.pathname}; spinners: [${spinners}]; titles: [${titles}]; alerts: [${alerts}]`;
      });
    }
    let imagesMs: number | null = null;
    if (readyMs !== null) {
      imagesMs = await page
        .waitForFunction(
          () => {
            const { document, performance } = globalThis as unknown as PageGlobals;
            const imgs = [...document.querySelectorAll('[data-testid="project-photo"] img')];
            if (imgs.length === 0) return -1;
            return imgs.every((i) => i.complete && (i.naturalWidth ?? 0) > 0) ? performance.now() : false;
          },
          undefined,
          { timeout: 15_000, polling: 50 },
        )
        .then(async (h) => {
          const v = (await h.jsonValue()) as number;
          return v < 0 ? null : v;
        })
        .catch(() => null);
      // Let late requests (realtime join, refetches) land before reading the timeline.
      await page.waitForTimeout(500);
    }
    const data = await page.evaluate(
      ({ apiUrl, newestText }) => {
        const g = globalThis as unknown as PageGlobals;
        const { document } = g;
        const entries = g.performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(apiUrl))
          .map((r) => ({ url: r.name, start: r.startTime, end: r.responseEnd ?? 0, initiator: r.initiatorType ?? '' }));
        const messages = document.querySelectorAll('[data-testid="message"]');
        const newestShown = newestText ? [...messages].some((m) => m.textContent?.includes(newestText)) : true;
        return {
          entries,
          ws: g.__ws,
          messagesShown: messages.length,
          newestShown,
        };
      },
      { apiUrl: o.apiUrl, newestText: o.newestText },
    );
    // Image downloads (signed photo URLs) are not data requests: listed, but outside the levels.
    const api = data.entries.filter((e) => e.initiator !== 'img');
    const images = data.entries.filter((e) => e.initiator === 'img');
    const requests = [
      ...levels(api.map((e) => ({ url: e.url, start: e.start, end: e.end, kind: describe(e.url).kind }))),
      ...images.map((e) => ({ url: e.url, start: e.start, end: e.end, kind: 'image', level: 0 })),
    ].sort((a, b) => a.start - b.start);
    const before = requests.filter((r) => r.kind !== 'image' && (readyMs === null || r.start <= readyMs));
    return {
      readyMs,
      imagesMs,
      firstApiMs: requests[0]?.start ?? null,
      requests,
      requestsBeforeReady: before.length,
      depthBeforeReady: before.reduce((m, r) => Math.max(m, r.level), 0),
      websockets: data.ws.map((w) => ({ ...w, url: w.url.replace(/apikey=[^&]+/, 'apikey=…') })),
      messagesShown: data.messagesShown,
      newestShown: data.newestShown,
      problem,
    };
  } finally {
    await context.close();
  }
}
