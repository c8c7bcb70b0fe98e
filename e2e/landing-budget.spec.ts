import { expect, test } from './support/test.ts';
import { LANDING_JS_BUDGET_KB, landingJavaScript, recordLanding } from '@good-space/bench/landing';

// The landing page's size budget (docs/architecture.md, Performance rules; ADR 0013), measured as bench:web
// measures it: every JavaScript file a phone-sized browser loads for `/` until the network is idle, gzip level 9.
// The production build these journeys run on is the one measured, so `npm test` fails when a change passes it.

test(`the landing page loads at most ${LANDING_JS_BUDGET_KB} KB of JavaScript (gzip)`, async ({
  browser,
  request,
  baseURL,
}) => {
  // The entry, React DOM, the landing page's own root and its chunk: waited for, then counted.
  const { files } = await recordLanding(browser, baseURL!, '/', { atLeastScripts: 4 });
  const js = await landingJavaScript(files, async (path) => (await request.get(path)).body());
  expect(js.length).toBeGreaterThanOrEqual(4);
  const totalKb = js.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  const list = js
    .sort((a, b) => b.gzip - a.gzip)
    .map((file) => `${file.path} ${(file.gzip / 1024).toFixed(1)} KB`)
    .join('\n');
  expect(totalKb, `landing JavaScript ${totalKb.toFixed(1)} KB gzip:\n${list}`).toBeLessThanOrEqual(
    LANDING_JS_BUDGET_KB,
  );
});
