import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';

test('the landing page loads with the navigation of a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'List Vintage' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?tab=signup');
  await expectNoAxeViolations(page);
});

test("an unknown path shows 'Oops! Page not found' with a way home", async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Oops! Page not found · Good Space');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
});

test('a protected page sends a visitor to /auth at once, remembering where they were going', async ({ page }) => {
  // With no stored session the app knows the visitor is signed out before it loads anything, so the redirect needs
  // neither the page's code (nor its loader's reads) nor supabase-js nor any API request. Asserted as exactly that,
  // not by a clock, so it holds on a busy machine: everything the browser asked for until it reached /auth.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const projectId = '8f4e2d1c-1111-4222-8333-944455556666';
  await page.goto(`/project/${projectId}?tab=photos`);
  await expect(page).toHaveURL(`/auth?redirectTo=%2Fproject%2F${projectId}%3Ftab%3Dphotos`);
  const beforeAuth = [...asked];
  await expect(page.getByRole('heading', { level: 1, name: 'Login or Sign Up' })).toBeVisible();
  expect(beforeAuth.filter((path) => /\/(rest|auth|functions|storage|realtime)\/v1\//.test(path))).toEqual([]);
  // Vite names a chunk after its module: the project page, its loader's reads and supabase-js.
  expect(beforeAuth.filter((path) => /\/assets\/(project|project-loader|supabase)-[\w-]{8}\.js$/.test(path))).toEqual(
    [],
  );
  // The check is not vacuous: the app's own code was loaded and recorded.
  expect(beforeAuth.some((path) => /\/assets\/start-[\w-]{8}\.js$/.test(path))).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the collapsible menu lists the links and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
