// Place suggestions, keystroke to list (docs/decisions/0024-places.md; goal ≤ 50 ms on the local stack): on the
// landing page's "Find a designer" form, as a visitor, three letters typed with no pause between keys; the time from
// the last key's keydown to the first suggestion on screen. The first search (which also loads supabase-js) is a
// warm-up and not counted.
import type { Browser } from 'playwright-core';

/** Three-letter prefixes of US and world cities: each a fresh search, none answered from an earlier list. */
const PREFIXES = ['Por', 'Aus', 'Bro', 'Sea', 'Den', 'Bos', 'Mia', 'Atl', 'Phi', 'Sac', 'Tuc', 'Ral', 'Oma', 'Spo'];

/** What the in-page functions use (this file is compiled for Node, without the DOM's types). */
interface SuggestionPage {
  document: {
    addEventListener(type: 'keydown', f: (event: { timeStamp: number }) => void, capture: boolean): void;
    removeEventListener(type: 'keydown', f: (event: { timeStamp: number }) => void, capture: boolean): void;
    querySelector(selector: string): { textContent: string | null } | null;
    body: unknown;
  };
  performance: { now(): number };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
  __placeSuggestions?: Promise<number>;
}

export async function measurePlaceSuggestions(browser: Browser, baseUrl: string, runs = 12): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('link', { name: 'Find a Designer' }).first().click();
    const form = page.getByRole('form', { name: 'Find a designer' });
    const field = form.getByRole('combobox', { name: 'Location' });
    await field.waitFor({ timeout: 60_000 });
    // Warm-up: the first search loads the client.
    await field.pressSequentially('Sal');
    await form.getByRole('option').first().waitFor({ timeout: 60_000 });

    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const prefix = PREFIXES[i % PREFIXES.length]!;
      await field.fill('');
      await form.getByRole('option').first().waitFor({ state: 'detached', timeout: 60_000 });
      // The clock starts at the third key's keydown and stops when a suggestion for the three letters is in the DOM
      // (keys with no pause between them make one search; the list was closed before the first).
      await page.evaluate((p) => {
        const g = globalThis as unknown as SuggestionPage;
        g.__placeSuggestions = new Promise<number>((resolve) => {
          let keys = 0;
          let t0 = 0;
          const onKey = (event: { timeStamp: number }) => {
            keys += 1;
            t0 = event.timeStamp;
            if (keys === p.length) g.document.removeEventListener('keydown', onKey, true);
          };
          g.document.addEventListener('keydown', onKey, true);
          const observer = new g.MutationObserver(() => {
            const first = g.document.querySelector('[role="option"]');
            if (keys === p.length && first?.textContent?.toLowerCase().startsWith(p.toLowerCase())) {
              observer.disconnect();
              resolve(g.performance.now() - t0);
            }
          });
          observer.observe(g.document.body, { childList: true, subtree: true, characterData: true });
        });
      }, prefix);
      await field.pressSequentially(prefix);
      times.push(await page.evaluate(() => (globalThis as unknown as SuggestionPage).__placeSuggestions!));
    }
    return times;
  } finally {
    await context.close();
  }
}
