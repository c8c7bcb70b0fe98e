import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

test('a signed-in customer: the app reaches the local stack and shows their menu', async ({ page, customer: user }) => {
  await signInBrowser(page, user);
  // The role comes from user_roles through the app's own client: proof the REST wiring works end to end.
  const roleResponse = page.waitForResponse((r) => r.url().includes('/rest/v1/user_roles'));
  await page.goto('/settings');
  expect((await roleResponse).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Browse Designers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Good Stuff' })).toBeVisible();

  // Keyboard: open the account menu from its trigger, titled with the e-mail.
  const trigger = nav.getByRole('button', { name: user.email });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Profile',
    'Saved',
    'Orders',
    'Settings',
    'Logout',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/customer');
  await expectNoAxeViolations(page);

  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/auth');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a signed-in designer sees Good Stuff and My Portfolio; /auth sends them to their dashboard', async ({
  page,
  designer: user,
}) => {
  await signInBrowser(page, user);
  await page.goto('/auth');
  await expect(page).toHaveURL('/dashboard/designer');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Good Stuff' })).toBeVisible();
  await nav.getByRole('button', { name: user.email }).click();
  await expect(page.getByRole('menuitem', { name: 'My Portfolio' })).toHaveAttribute('href', '/portfolio');
});
