import { expect, test, type Page } from './support/test.ts';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_PUBLISHABLE_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from './stack-ports.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

// The payment functions accept return URLs only on allowed origins (ADR 0010); the e2e stack is told the app's
// origin (SITE_URL, e2e/global-setup.ts, ADR 0016), so these journeys run on any E2E_APP_PORT.

/** supabase-js in Node, signed in as the test user (their own session, their own RLS). */
async function clientAs(user: TestUser): Promise<SupabaseClient> {
  const client = createClient(E2E_API_URL, DEFAULT_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket: supabase-js needs ws for realtime there.
    realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
  });
  const { error } = await client.auth.setSession(user.session);
  if (error) throw error;
  return client;
}

async function subscribed(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.functions.invoke<{ subscribed: boolean }>('check-subscription');
  if (error) throw error;
  return data!.subscribed;
}

/** A new customer pays for the client plan on the sandbox page, through the app. */
async function subscribeThroughSandbox(page: Page) {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to the Client plan' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=[0-9a-f-]{36}$/);
  await expect(page.getByRole('note', { name: 'Sandbox notice' })).toContainText(
    'Sandbox: this is a test payment page. No real payment is made and no card is charged.',
  );
  await expect(page.getByText('Client membership')).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toContainText('$0.99');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm sandbox payment' }).click();
  await expect(page).toHaveURL('/payment-success');
}

test('a new customer subscribes through the sandbox checkout and is then subscribed', async ({
  page,
  customer: user,
}) => {
  const api = await clientAs(user);
  expect(await subscribed(api)).toBe(false);
  await signInBrowser(page, user);

  await page.goto('/pricing');
  // The first visit may wait for the dev server to compile the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const client = page.getByRole('region', { name: 'Client' });
  const designer = page.getByRole('region', { name: 'Designer' });
  await expect(client).toContainText('$0.99');
  await expect(client).toContainText('Work with unlimited designers');
  await expect(designer).toContainText('$9.99');
  await expect(designer).toContainText('100% profit split');
  await expectNoAxeViolations(page);

  await subscribeThroughSandbox(page);
  expect(await page.evaluate(() => localStorage.getItem('paymentReturnPath'))).toBe('/pricing');
  await expect(page.getByText(/Your Client membership is active until/)).toBeVisible();
  expect(await subscribed(api)).toBe(true);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard/customer');

  // The pricing card now says so, and a second purchase is not offered.
  await page.goto('/pricing');
  await expect(page.getByRole('region', { name: 'Client' }).getByRole('button', { name: 'Subscribed' })).toBeDisabled();
});

test('cancelling a sandbox checkout returns to pricing and leaves the customer unsubscribed', async ({
  page,
  customer: user,
}) => {
  await signInBrowser(page, user);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to the Client plan' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/pricing');
  expect(await subscribed(await clientAs(user))).toBe(false);
});

test('an unsubscribed customer: the database refuses a project, and a designer plan is refused to a customer', async ({
  page,
  customer: user,
}) => {
  const api = await clientAs(user);
  const { error } = await api.from('projects').insert({
    customer_id: user.id,
    title: 'Living room refresh',
    description: 'Mid-century pieces for a small living room',
    location: 'Portland',
    space_size: 300,
    budget: 1500,
    budget_type: 'soft',
    preferred_style: 'Mid-Century Modern',
    status: 'pending',
  });
  expect(error).not.toBeNull();
  expect(error!.code).toBe('42501');

  await signInBrowser(page, user);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to the Designer plan' }).click();
  await expect(page.getByText('Failed to submit. Please try again.')).toBeVisible();
  await expect(page.getByText(/Change your account type in Settings/)).toBeVisible();
  await expect(page).toHaveURL('/pricing');
});

test('signed out, Subscribe asks to log in and goes to /auth', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to the Client plan' }).click();
  await expect(page.getByText('Please log in to continue')).toBeVisible();
  await expect(page).toHaveURL('/auth?redirectTo=%2Fpricing');
});

test('the 60-second recheck picks up a cancellation made in the portal', async ({ page, context, customer: user }) => {
  await signInBrowser(page, user);
  await subscribeThroughSandbox(page);

  await page.clock.install();
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Subscription' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText('Client membership, $0.99 per month');

  // Cancel Subscription opens the management page in a new tab.
  const popupPromise = context.waitForEvent('page');
  await card.getByRole('button', { name: 'Cancel Subscription' }).click();
  const portal = await popupPromise;
  await expect(portal).toHaveURL(/\/sandbox\/portal\?session=/);
  await expect(portal.getByRole('note', { name: 'Sandbox notice' })).toBeVisible();
  await expect(portal.getByText(/Status: active/)).toBeVisible();
  await expectNoAxeViolations(portal);
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal).toHaveURL('/settings');
  await portal.close();

  // The settings tab has not asked again yet; the next poll (60 s) finds the cancellation.
  expect(await subscribed(await clientAs(user))).toBe(false);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await page.clock.runFor(61_000);
  await expect(card.getByText('Not subscribed')).toBeVisible();
});

test('New Project waits for the membership check, then asks to subscribe; paying (after a cancel) returns to the dashboard with the form open to the member', async ({
  page,
  customer: user,
}) => {
  await signInBrowser(page, user);
  // The real check, held back until the button has been clicked: the click must wait for its answer.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/functions/v1/check-subscription', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/customer');
  const newProject = page.getByRole('button', { name: 'New Project' });
  await newProject.click();
  await expect(newProject).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Checking your membership…')).toBeAttached();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to Continue' });
  await expect(subscribe).toContainText('$0.99 per month');
  await expect(page.getByRole('dialog', { name: 'New Project' })).toHaveCount(0);
  // The modal hides the page from the accessibility tree meanwhile.
  await expect(page.getByRole('button', { name: 'New Project', includeHidden: true })).not.toHaveAttribute('aria-busy');
  await page.unroute('**/functions/v1/check-subscription');

  // Cancelling the payment leads straight back to the page.
  await subscribe.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/dashboard/customer');

  // Paying does too, once the membership is confirmed, and the form now opens.
  await page.getByRole('button', { name: 'New Project' }).click();
  await page
    .getByRole('dialog', { name: 'Subscribe to Continue' })
    .getByRole('button', { name: 'Subscribe Now' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  await page.getByRole('button', { name: 'Confirm sandbox payment' }).click();
  await expect(page).toHaveURL('/dashboard/customer');
  await expect(page.getByText('Your Client membership is active')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('paymentReturnPath'))).toBeNull();
  await page.getByRole('button', { name: 'New Project' }).click();
  await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Subscribe to Continue' })).toHaveCount(0);
});
