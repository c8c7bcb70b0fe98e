import { expect, test } from './support/test.ts';
import { signInBrowser } from './support/users.ts';

// The build prerenders `/` and `/auth` (vite/prerender.ts, ADR 0013): their HTML paints before any script
// runs, other paths get the unrendered shell, and the browser hydrates without a mismatch.

test('the HTML of / and /auth is the page itself; other paths get the shell', async ({ request }) => {
  const landing = await (await request.get('/')).text();
  expect(landing).toContain('data-prerendered="/"');
  expect(landing).toMatch(/<h1[^>]*>Good Space<\/h1>/);
  expect(landing).toContain('<title>Good Space · Designers who furnish with thrifted and vintage finds</title>');
  // The hero's first image: preloaded from the head with its responsive candidates, and in the HTML itself.
  expect(landing).toContain("preload.setAttribute('imagesrcset', '/hero/hero-01-640.avif 640w");
  expect(landing).toContain("preload.setAttribute('fetchpriority', 'high')");
  expect(landing).toMatch(/<img[^>]*fetchpriority="high"/i);

  const auth = await (await request.get('/auth')).text();
  expect(auth).toContain('data-prerendered="/auth"');
  expect(auth).toMatch(/<h1[^>]*>Login or Sign Up<\/h1>/);

  const deep = await (await request.get('/designers')).text();
  expect(deep).toContain('<div id="root"></div>');
  expect(deep).not.toContain('Good Space</h1>');
});

test('without JavaScript the landing hero and the /auth heading still show', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a Designer' }).first()).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Login or Sign Up' })).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const path of ['/', '/auth']) {
  test(`${path} hydrates without errors and works`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    if (path === '/') {
      // Hydrated: the carousel's controls respond. A press before hydration is lost, so press until one takes;
      // "no longer on slide 1" holds whichever press took, however slow the machine.
      const hero = page.getByRole('region', { name: 'Rooms furnished with second-hand finds' });
      await expect(async () => {
        await hero.getByRole('button', { name: 'Next slide' }).click();
        await expect(hero.getByRole('button', { name: /Show slide 1 of 10/ })).not.toHaveAttribute(
          'aria-current',
          'true',
          { timeout: 5_000 },
        );
      }).toPass();
    } else {
      // The tab is disabled until hydrated, so the click waits for it.
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page).toHaveURL(/tab=signup/);
    }
    expect(errors).toEqual([]);
  });
}

test('/auth with a query string renders that view, not the prerendered Login tab', async ({ page }) => {
  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Full name')).toBeVisible();
});

test('a signed-in user opening / gets their navigation, not the visitor view, without errors', async ({
  page,
  customer: user,
}) => {
  await signInBrowser(page, user);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: user.email })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Browse Designers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
  expect(errors).toEqual([]);
});
