import pg from 'pg';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshEmail, mailFromInbox } from './support/inbox.ts';
import { expect, test, type Page } from './support/test.ts';
import { E2E_PORT_BASE } from './stack-ports.ts';

// A password change on a sign-in older than a day (secure_password_change, ADR 0030; docs/product.md Accounts):
// the auth server wants the code it mails, and the form asks for it. The session is aged in the database.

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function ageSessions(userId: string): Promise<void> {
  const db = new pg.Client({
    connectionString: `postgresql://supabase_admin:postgres@127.0.0.1:${E2E_PORT_BASE + 2}/postgres`,
  });
  await db.connect();
  try {
    await db.query(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [userId]);
  } finally {
    await db.end();
  }
}

test('on a two-day-old sign-in, a new password takes the code mailed to the account', async ({
  page,
  browser,
  makeUser,
}) => {
  const email = freshEmail('recode');
  const user = await makeUser({ role: 'customer', email, password: 'Original123' });
  await page.goto('/auth');
  await login(page, email, 'Original123');
  await expect(page).toHaveURL('/designers');
  await ageSessions(user.id);

  await page.goto('/auth?reset=true');
  await page.getByLabel('New password', { exact: true }).fill('Renewed2024');
  await page.getByLabel('Confirm password', { exact: true }).fill('Renewed2024');
  await page.getByRole('button', { name: 'Update Password' }).click();

  const step = page.getByRole('form', { name: "Confirm it's you" });
  await expect(step).toContainText(`enter the code we sent to ${email}`);
  const field = step.getByLabel('Code from the e-mail');
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page);
  const mail = await mailFromInbox(email, /reauthentication/i);
  const code = /\b(\d{6})\b/.exec(mail.Text)![1]!;

  await field.fill(code === '000000' ? '111111' : '000000');
  await step.getByRole('button', { name: 'Confirm and update password' }).click();
  await expect(step.getByRole('alert')).toHaveText(
    'That code is wrong or has expired. Check the e-mail, or send a new code.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code);
  await step.getByRole('button', { name: 'Confirm and update password' }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto('/auth');
  await login(fresh, email, 'Original123');
  await expect(fresh.getByText('Login failed')).toBeVisible();
  await login(fresh, email, 'Renewed2024');
  await expect(fresh).toHaveURL('/designers');
  await context.close();
});
