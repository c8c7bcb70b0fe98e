import { expect, test } from './support/test.ts';

// The Content-Security-Policy is enforced by the browser, and the guard every journey runs under
// (e2e/support/test.ts) sees a violation. Each test causes one on purpose, checks it was refused and reported,
// then clears the list so the guard lets the test pass.

test('an injected inline script does not run, and the guard reports it', async ({ page, cspViolations }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Login or Sign Up' })).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "yes"';
    document.body.append(script);
    return document.body.dataset.injected ?? null;
  });
  expect(ran).toBeNull();
  await expect.poll(() => cspViolations.some((v) => /script-src/.test(v))).toBe(true);
  cspViolations.length = 0;
});

test('the OAuth consent screen cannot be framed, even by the site itself', async ({ page, cspViolations }) => {
  await page.goto('/auth');
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/oauth/consent?authorization_id=framed';
    frame.title = 'framed';
    document.body.append(frame);
  });
  await expect.poll(() => cspViolations.some((v) => /frame-ancestors/.test(v))).toBe(true);
  const framed = page.frames().find((f) => f.url().includes('/oauth/consent'));
  expect(
    (await framed
      ?.locator('#root')
      .count()
      .catch(() => 0)) ?? 0,
  ).toBe(0);
  cspViolations.length = 0;
});
