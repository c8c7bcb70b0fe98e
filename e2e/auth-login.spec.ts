import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshEmail, linkFromInbox } from './support/inbox.ts';

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test("a wrong password shows 'Login failed' with the server's message and stays on /auth", async ({
  page,
  customer: user,
}) => {
  await page.goto('/auth');
  await login(page, user.email, 'Wrong-password-1');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL('/auth');
});

test('a protected page opened while signed out returns there after sign-in', async ({ page, designer: user }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL('/auth?redirectTo=%2Fsettings');
  await login(page, user.email, user.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL('/settings');
});

test('forgot password: the reset link from the inbox sets a new password that then signs in', async ({
  page,
  browser,
  makeUser,
}) => {
  // The reset mail must be deliverable: an address the auth service accepts, unlike makeUser's example.com.
  const email = freshEmail('reset');
  await makeUser({ role: 'customer', email, password: 'Original123' });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expectNoAxeViolations(page);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(await linkFromInbox(email, /reset/i));
  await expect(page).toHaveURL(/\/auth\?reset=true/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await page.getByLabel('New password', { exact: true }).fill('Renewed2024');
  await page.getByLabel('Confirm password', { exact: true }).fill('Renewed2025');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("Passwords don't match").first()).toBeVisible();

  await page.getByLabel('Confirm password', { exact: true }).fill('Renewed2024');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();
  await expect(page).toHaveURL('/designers');

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto('/auth');
  await login(fresh, email, 'Original123');
  await expect(fresh.getByText('Login failed')).toBeVisible();
  await login(fresh, email, 'Renewed2024');
  await expect(fresh).toHaveURL('/designers');
  await context.close();
});

test('a reset screen without a recovery session says the link is invalid and offers a new one', async ({ page }) => {
  await page.goto('/auth?reset=true');
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
});

test('/auth: tabs, role preselection and Get Started; axe finds nothing', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Login or Sign Up' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/auth?tab=signup');
  await expect(page.getByRole('radio', { name: /Customer/ })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // Keyboard: arrow keys move between the tabs (Radix).
  await page.getByRole('tab', { name: 'Sign Up' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/auth?role=designer');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: /Designer/ })).toBeChecked();

  // Password rule on sign-up: the first message only, as a toast.
  await page.getByLabel('Full name').fill('Short Pass');
  await page.getByLabel('Username').fill('short');
  await page.getByLabel('E-mail').fill(freshEmail('short'));
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Password too short' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Password too weak' })).toBeVisible();
});
