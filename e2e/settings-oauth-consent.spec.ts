import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_SECRET_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from './stack-ports.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

const admin = createClient(E2E_API_URL, DEFAULT_SECRET_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
});

const REDIRECT = 'http://localhost:3001/callback';

/** A sample third-party app, and the start of its authorization-code flow (PKCE), as its browser would do it. */
async function startAuthorization(scope = 'openid email'): Promise<string> {
  const { data, error } = await admin.auth.admin.oauth.createClient({
    client_name: 'Studio Planner',
    client_uri: 'https://planner.example',
    redirect_uris: [REDIRECT],
    client_type: 'public',
  } as never);
  expect(error).toBeNull();
  const clientId = (data as unknown as { client_id: string }).client_id;
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope,
    state: 'st-123',
  });
  const res = await fetch(`${E2E_API_URL}/auth/v1/oauth/authorize?${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  // Auth sends the browser to site_url's consent page; this run's app serves the same route.
  const location = new URL(res.headers.get('location')!);
  expect(location.pathname).toBe('/oauth/consent');
  return location.searchParams.get('authorization_id')!;
}

/** The sample app's callback does not exist here: answer it, and report where the browser was sent. */
async function catchCallback(page: Page): Promise<void> {
  await page.route(`${REDIRECT}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>callback</title>ok' }),
  );
}

test('the consent page shows the app and its scopes; Approve sends a code back to the app', async ({
  page,
  customer: user,
}) => {
  const authorizationId = await startAuthorization();
  await signInBrowser(page, user);
  await catchCallback(page);
  await page.goto(`/oauth/consent?authorization_id=${authorizationId}`);
  await expect(page.getByText('Studio Planner wants to access your Good Space account')).toBeVisible();
  const scopes = page.getByRole('list', { name: 'Requested permissions' });
  await expect(scopes).toContainText('See your e-mail address');
  await expect(scopes).toContainText('(openid)');
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(`${REDIRECT}**`);
  const back = new URL(page.url());
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(back.searchParams.get('state')).toBe('st-123');
});

test('Deny sends the user back to the app with access_denied', async ({ page, designer: user }) => {
  const authorizationId = await startAuthorization('openid');
  await signInBrowser(page, user);
  await catchCallback(page);
  await page.goto(`/oauth/consent?authorization_id=${authorizationId}`);
  await expect(page.getByRole('button', { name: 'Deny' })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL(`${REDIRECT}**`);
  const back = new URL(page.url());
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('code')).toBeNull();
});

test('signed out, the consent page asks for a login first and keeps the request', async ({ page }) => {
  await page.goto('/oauth/consent?authorization_id=abc');
  await expect(page).toHaveURL('/auth?redirectTo=%2Foauth%2Fconsent%3Fauthorization_id%3Dabc');
});
