import { createHmac } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from './stack-ports.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

const nodeOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
};
const admin = createClient(E2E_API_URL, DEFAULT_SECRET_KEY, nodeOptions);

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, written here so the test does not trust the stack's own. */
function totp(secret: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.toUpperCase().replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

test('account type switch: customer to designer and back, with the new dashboard and menu each time', async ({
  page,
  customer: user,
}) => {
  await signInBrowser(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(user.email);
  const typeCard = page.getByRole('region', { name: 'Account type' });
  await expect(typeCard).toContainText('You use Good Space as a Client');
  await expectNoAxeViolations(page);

  await typeCard.getByRole('button', { name: 'Change Account Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Designer?' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Change to Designer' }).click();
  await expect(page.getByText('Account changed to Designer! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/designer');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Good Stuff' })).toBeVisible();
  const { data: designerProfile } = await admin.from('designer_profiles').select('user_id').eq('user_id', user.id);
  expect(designerProfile).toHaveLength(1);

  await page.goto('/settings');
  await expect(typeCard).toContainText('You use Good Space as a Designer');
  await typeCard.getByRole('button', { name: 'Change Account Type' }).click();
  await page
    .getByRole('dialog', { name: 'Change to Client?' })
    .getByRole('button', { name: 'Change to Client' })
    .click();
  await expect(page.getByText('Account changed to Client! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/customer');
  await expect(nav.getByRole('link', { name: 'Browse Designers' })).toBeVisible();
  const { data: role } = await admin.from('user_roles').select('role').eq('user_id', user.id).single();
  expect(role?.role).toBe('customer');
});

test("deleting the account removes the user's data, signs out and goes home", async ({ page, customer: user }) => {
  // Something of theirs beyond the profile: a membership row.
  const { error: subError } = await admin.from('subscriptions').insert({
    user_id: user.id,
    plan: 'client',
    status: 'active',
    provider: 'sandbox',
    price_id: 'price_sandbox_client',
    product_id: 'prod_sandbox_client',
    current_period_end: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(subError).toBeNull();

  await signInBrowser(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Yes, delete my account' })
    .click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

  const { data: authUser } = await admin.auth.admin.getUserById(user.id);
  expect(authUser.user).toBeNull();
  for (const table of ['profiles', 'user_roles', 'customer_profiles', 'subscriptions'] as const) {
    const column = table === 'profiles' ? 'id' : 'user_id';
    const { data, error } = await admin.from(table).select(column).eq(column, user.id);
    expect(error).toBeNull();
    expect(data, table).toHaveLength(0);
  }
  // Signed out for real: no session is left in the browser.
  const tokens = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')));
  expect(tokens).toEqual([]);
});

test('deleting the account from the customer profile goes home, signed out, and stays there; its photos go too', async ({
  page,
  customer: user,
}) => {
  // A project with a photo the customer uploaded: the deletion removes it through Storage.
  const { data: project, error: projectError } = await admin
    .from('projects')
    .insert({
      customer_id: user.id,
      title: 'Sunroom refresh',
      description: 'A sunroom to furnish with thrifted pieces.',
      location: 'Portland, OR',
      space_size: 150,
      budget: 900,
    })
    .select('id')
    .single();
  expect(projectError).toBeNull();
  const photo = `${project!.id}/before-1.png`;
  const own = createClient(E2E_API_URL, DEFAULT_PUBLISHABLE_KEY, nodeOptions);
  await own.auth.setSession(user.session);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const { error: uploadError } = await own.storage
    .from('project-photos')
    .upload(photo, new Blob([png], { type: 'image/png' }), { contentType: 'image/png' });
  expect(uploadError).toBeNull();

  await signInBrowser(page, user);
  await page.goto('/profile/customer');
  await expect(page.getByRole('heading', { name: 'Your details', exact: true })).toBeVisible();
  // Every page the tab shows from here on (the router's history updates included).
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Yes, delete my account' })
    .click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  // Signed out for real, and still home: the sign-out never sent the tab to /auth on the way.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))))
    .toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(visited).not.toContain('/auth');

  const { data: authUser } = await admin.auth.admin.getUserById(user.id);
  expect(authUser.user).toBeNull();
  const { data: left, error: listError } = await admin.storage.from('project-photos').list(project!.id);
  expect(listError).toBeNull();
  expect(left).toEqual([]);
});

test('a user turns on TOTP two-factor sign-in; the next sign-in needs a code before the app opens', async ({
  page,
  browser,
  designer: user,
}) => {
  await signInBrowser(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up authenticator' }).click();

  const qr = card.getByRole('img', { name: 'QR code to add Good Space to your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoAxeViolations(page);

  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await card.getByLabel('6-digit code').fill(totp(secret));
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Authenticators' })).toContainText('Authenticator app');

  // Sign out; a new password sign-in (aal1) must not reach the app without the code.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: user.email }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/auth');

  const client = createClient(E2E_API_URL, DEFAULT_PUBLISHABLE_KEY, nodeOptions);
  const { data: signIn, error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  expect(error).toBeNull();
  const context = await browser.newContext();
  const second = await context.newPage();
  await signInBrowser(second, { ...user, session: signIn.session! });
  // Before the code the API refuses this session everything (403 insufficient_aal): the app asks it nothing.
  const refused: string[] = [];
  second.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(response.url());
  });
  await second.goto('/settings');
  await expect(second).toHaveURL('/mfa?redirectTo=%2Fsettings');
  await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(0);
  await expect(second.getByRole('heading', { name: 'Enter your authentication code' })).toBeVisible();
  await expectNoAxeViolations(second);
  await second.getByLabel('6-digit code').fill('000000' === totp(secret) ? '111111' : '000000');
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second.getByText('That code is not valid. Try the current one.')).toBeVisible();
  await second.getByLabel('6-digit code').fill(totp(secret));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second).toHaveURL('/settings');
  await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(
    second.getByRole('region', { name: 'Two-factor authentication' }).getByText('On', { exact: true }),
  ).toBeVisible();
  expect(refused).toEqual([]);
  await context.close();
});
