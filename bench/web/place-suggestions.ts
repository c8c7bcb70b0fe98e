// Place suggestions, keystroke to list (docs/decisions/0024-places.md; goal ≤ 50 ms on the local stack): on the
// landing page's "Find a designer" form, as a visitor, three letters typed with no pause between keys; the time from
// the last key's keydown to the first suggestion on screen. The first search (which also loads supabase-js) is a
// warm-up and not counted.
import type { Browser } from 'playwright-core';

/** Three-letter prefixes of US and world cities: each a fresh search, none answered from an earlier list. */
const PREFIXES = ['Por', 'Aus', 'Bro', 'Sea', 'Den', 'Bos', 'Mia', 'Atl', 'Phi', 'Sac', 'Tuc', 'Ral', 'Oma', 'Spo'];

/**
 * Installed in the page before the keys (a string: the bundler's helpers must not reach the page). The clock starts
 * at the last key's keydown and stops when a suggestion for the letters is in the DOM.
 */
const watchFor = (prefix: string) => `(() => {
  const prefix = ${JSON.stringify(prefix)};
  window.__placeSuggestions = new Promise((resolve) => {
    let keys = 0;
    let t0 = 0;
    function onKey(event) {
      keys += 1;
      t0 = event.timeStamp;
      if (keys === prefix.length) document.removeEventListener('keydown', onKey, true);
    }
    document.addEventListener('keydown', onKey, true);
    const observer = new MutationObserver(() => {
      const first = document.querySelector('[aria-label="Suggested places"] [role="option"]');
      if (keys === prefix.length && first && first.textContent.toLowerCase().startsWith(prefix.toLowerCase())) {
        observer.disconnect();
        resolve(performance.now() - t0);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
})()`;

export async function measurePlaceSuggestions(browser: Browser, baseUrl: string, runs = 12): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('link', { name: 'Find a Designer' }).first().click();
    const form = page.getByRole('form', { name: 'Find a designer' });
    const field = form.getByRole('combobox', { name: 'Location' });
    // The suggestions (the form's style select has options of its own).
    const suggestion = form.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').first();
    await field.waitFor({ timeout: 60_000 });
    // Warm-up: the first search loads the client.
    await field.pressSequentially('Sal');
    await suggestion.waitFor({ timeout: 60_000 });

    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const prefix = PREFIXES[i % PREFIXES.length]!;
      await field.fill('');
      await suggestion.waitFor({ state: 'detached', timeout: 60_000 });
      // Keys with no pause between them make one search; the list was closed before the first.
      await page.evaluate(watchFor(prefix));
      await field.pressSequentially(prefix);
      times.push(await page.evaluate<number>('window.__placeSuggestions'));
    }
    return times;
  } finally {
    await context.close();
  }
}
