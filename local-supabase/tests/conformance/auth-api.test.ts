import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  api,
  API_URL,
  createUser,
  DEFAULT_PASSWORD,
  extractLink,
  latestMailTo,
  nodeOptions,
  serviceClient,
  signedInClient,
  sql,
  stackConfig,
  uniqueEmail,
} from '../../src/testing/index.ts';

// Expected answers from supabase/auth internal/api (password.go, recover.go, user.go, admin.go, errors.go,
// jwks.go, auth.go, helpers.go).

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };
const SERVICE = { apikey: stackConfig.serviceRoleKey, Authorization: `Bearer ${stackConfig.serviceRoleKey}` };

describe('password policy (config.toml: 8+, lower, upper, digits)', () => {
  it('refuses a weak sign-up password with 422 weak_password and reasons', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: 'short' });
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('weak_password');
    expect(error!.name).toBe('AuthWeakPasswordError');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
    const res = await api('/auth/v1/signup', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email: uniqueEmail('weak'), password: 'abcdefgh1' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'weak_password',
      message:
        'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      weak_password: { reasons: ['characters'] },
    });
  });

  it('refuses a password over 72 characters with 400 validation_failed', async () => {
    const res = await api('/auth/v1/signup', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email: uniqueEmail('long'), password: `Aa1${'x'.repeat(70)}` }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
  });

  it('updateUser: weak → 422, same → 422 same_password, new → USER_UPDATED and the new password works', async () => {
    const { email, password } = await createUser();
    const client = await signedInClient(email, password);
    const weak = await client.auth.updateUser({ password: 'weak' });
    expect(weak.error!.code).toBe('weak_password');
    const same = await client.auth.updateUser({ password });
    expect(same.error!.status).toBe(422);
    expect(same.error!.code).toBe('same_password');
    expect(same.error!.message).toBe('New password should be different from the old password.');
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const ok = await client.auth.updateUser({ password: 'Brand-New-Passw0rd', data: { full_name: 'Changed' } });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.user_metadata.full_name).toBe('Changed');
    expect(events).toContain('USER_UPDATED');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Brand-New-Passw0rd' })).error).toBeNull();
  });

  it('merges metadata and removes keys set to null', async () => {
    const { email, password } = await createUser({ metadata: { a: 1, b: 2 } });
    const client = await signedInClient(email, password);
    const { data } = await client.auth.updateUser({ data: { b: null, c: 3 } });
    expect(data.user!.user_metadata).toMatchObject({ a: 1, c: 3 });
    expect(data.user!.user_metadata).not.toHaveProperty('b');
  });

  it('refuses app_metadata from a user with 403 not_admin', async () => {
    const { email, password } = await createUser();
    const token = (await (await signedInClient(email, password)).auth.getSession()).data.session!.access_token;
    const res = await api('/auth/v1/user', {
      method: 'PUT',
      headers: { ...V, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ app_metadata: { plan: 'pro' } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });
  });
});

describe('password recovery', () => {
  it('mails a reset link whose landing carries type=recovery and emits PASSWORD_RECOVERY', async () => {
    const { email } = await createUser();
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:5173/reset',
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await latestMailTo(email);
    expect(mail.Subject).toBe('Reset your password');
    const res = await fetch(extractLink(mail.HTML), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:5173/reset#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('type')).toBe('recovery');
    const client = createClient(API_URL, stackConfig.publishableKey, nodeOptions);
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    // What detectSessionInUrl does in the browser: store the session from the fragment.
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
    expect((await client.auth.updateUser({ password: 'Recovered-Passw0rd' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Recovered-Passw0rd' })).error).toBeNull();
    void events;
  });

  it('answers 200 {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await api('/auth/v1/recover', { method: 'POST', headers: V, body: JSON.stringify({ email }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await expect(latestMailTo(email, 300)).rejects.toThrow();
  });

  it('enforces the per-user interval (max_frequency 60s) with 429 over_email_send_rate_limit', async () => {
    const { email } = await createUser();
    expect(
      (await api('/auth/v1/recover', { method: 'POST', headers: V, body: JSON.stringify({ email }) })).status,
    ).toBe(200);
    const second = await api('/auth/v1/recover', { method: 'POST', headers: V, body: JSON.stringify({ email }) });
    expect(second.status).toBe(429);
    const body = (await second.json()) as { code: string; message: string };
    expect(body.code).toBe('over_email_send_rate_limit');
    expect(body.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
  });

  it('redirects an unlisted redirect_to to site_url', async () => {
    const { email } = await createUser();
    await api(`/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example.org/x')}`, {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email }),
    });
    const link = extractLink((await latestMailTo(email)).HTML);
    expect(new URL(link).searchParams.get('redirect_to')).toBe('http://localhost:5173');
  });

  it('refuses mail to addresses hosted will not deliver to (400 email_address_invalid)', async () => {
    const res = await api('/auth/v1/signup', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email: 'someone@example.com', password: DEFAULT_PASSWORD }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'email_address_invalid',
      message: 'Email address "someone@example.com" is invalid',
    });
    expect(await sql("select 1 from auth.users where email = 'someone@example.com'")).toHaveLength(0);
  });
});

describe('admin users API', () => {
  it('creates, reads, lists, updates and deletes users with the service key', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: DEFAULT_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Cy' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const u = created.data.user!;
    expect(u.email_confirmed_at).toBeTruthy();
    expect(u.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(u.user_metadata).toEqual({ full_name: 'Cy', email_verified: true });
    expect((await admin.getUserById(u.id)).data.user!.email).toBe(email);
    const res = await fetch(`${API_URL}/auth/v1/admin/users?page=1&per_page=1`, { headers: SERVICE });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect(res.headers.get('link')).toMatch(/rel="last"/);
    const listed = (await res.json()) as { users: unknown[]; aud: string };
    expect(listed.users).toHaveLength(1);
    expect(listed.aud).toBe('authenticated');
    const updated = await admin.updateUserById(u.id, { user_metadata: { full_name: 'Cyd' } });
    expect(updated.data.user!.user_metadata.full_name).toBe('Cyd');
    expect((await admin.deleteUser(u.id)).error).toBeNull();
    expect((await admin.getUserById(u.id)).error!.status).toBe(404);
    expect(await sql('select 1 from auth.users where id = $1', [u.id])).toHaveLength(0);
  });

  it('lists users when page and per_page are sent empty, as auth-js does for listUsers() with no options', async () => {
    const { email } = await createUser();
    const res = await fetch(`${API_URL}/auth/v1/admin/users?page=&per_page=`, { headers: SERVICE });
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toMatch(/rel="last"/);
    const { data, error } = await serviceClient().auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.length).toBeGreaterThan(0);
    expect(data.users.length).toBeLessThanOrEqual(50);
    expect(data.users.some((u) => u.email === email)).toBe(true);
  });

  it('generateLink signup creates the user with only the given user_metadata and returns the link parts', async () => {
    const email = uniqueEmail('genlink');
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: DEFAULT_PASSWORD,
      options: { data: { plan: 'trial' } },
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.user_metadata).toEqual({ plan: 'trial' });
    expect(data.user!.email_confirmed_at).toBeFalsy();
    expect(data.properties!.verification_type).toBe('signup');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.action_link).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]+&type=signup&redirect_to=/);
    const stored = await sql<{ raw_user_meta_data: object }>(
      'select raw_user_meta_data from auth.users where id = $1',
      [data.user!.id],
    );
    expect(stored[0]!.raw_user_meta_data).toEqual({ plan: 'trial' });
  });

  it('generateLink email change: both addresses get a link; following both moves the account to the new address', async () => {
    const { email } = await createUser();
    const newEmail = uniqueEmail('moved');
    const admin = serviceClient().auth.admin;
    const current = await admin.generateLink({ type: 'email_change_current', email, newEmail });
    expect(current.error).toBeNull();
    expect(current.data.user!.email).toBe(email);
    expect(current.data.user!.new_email).toBe(newEmail);
    expect(current.data.properties!.verification_type).toBe('email_change_current');
    expect(current.data.properties!.action_link).toMatch(/\/verify\?token=[0-9a-f]{56}&type=email_change&redirect_to=/);
    const next = await admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(next.error).toBeNull();
    const first = await fetch(current.data.properties!.action_link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/message=Confirmation\+link\+accepted/);
    const second = await fetch(next.data.properties!.action_link, { redirect: 'manual' });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toMatch(/#access_token=/);
    const [row] = await sql<{ email: string }>('select email from auth.users where id = $1', [current.data.user!.id]);
    expect(row!.email).toBe(newEmail);

    const taken = await admin.generateLink({
      type: 'email_change_new',
      email: newEmail,
      newEmail: (await createUser()).email,
    });
    expect(taken.error!.status).toBe(422);
    expect(taken.error!.code).toBe('email_exists');
    const nobody = await admin.generateLink({ type: 'email_change_current', email: uniqueEmail('ghost'), newEmail });
    expect(nobody.error!.status).toBe(404);
    expect(nobody.error!.code).toBe('user_not_found');
  });

  it('generateLink magiclink for an unknown address signs it up: a signup link that confirms and signs in', async () => {
    const email = uniqueEmail('newcomer');
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeFalsy();
    expect(data.properties!.verification_type).toBe('signup');
    expect(data.properties!.action_link).toMatch(/&type=signup&/);
    const res = await fetch(data.properties!.action_link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(res.headers.get('location')!.split('#')[1]);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('refuses a duplicate e-mail with 422 email_exists', async () => {
    const { email } = await createUser();
    const res = await fetch(`${API_URL}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...SERVICE, ...V },
      body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  it('refuses anon and user tokens with 403 not_admin "User not allowed"', async () => {
    const { email, password } = await createUser();
    const token = (await (await signedInClient(email, password)).auth.getSession()).data.session!.access_token;
    for (const auth of [stackConfig.anonKey, token]) {
      const res = await api('/auth/v1/admin/users', { headers: { ...V, Authorization: `Bearer ${auth}` } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    const unknown = await fetch(`${API_URL}/auth/v1/admin/users/00000000-0000-4000-8000-000000000000`, {
      headers: { ...SERVICE, ...V },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'user_not_found', message: 'User not found' });
    const bad = await fetch(`${API_URL}/auth/v1/admin/users/not-a-uuid`, { headers: { ...SERVICE, ...V } });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });
});

describe('JWKS and getClaims', () => {
  it('serves the public ES256 key with a 10-minute cache and no key check', async () => {
    const res = await fetch(`${API_URL}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('getClaims verifies the access token against the JWKS', async () => {
    const { email, password, id } = await createUser();
    const client = await signedInClient(email, password);
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims.sub).toBe(id);
    expect(data!.claims.role).toBe('authenticated');
  });
});

describe('error shapes by X-Supabase-Api-Version', () => {
  const body = JSON.stringify({ email: uniqueEmail('shape'), password: 'Wrong-Passw0rd' });
  it('2024-01-01: {code, message}, header echoed, x-sb-error-code', async () => {
    const res = await api('/auth/v1/token?grant_type=password', { method: 'POST', headers: V, body });
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });
  it('no header: {code: <status>, error_code, msg}, no version header', async () => {
    const res = await api('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });
  it('exposes the version header to browsers through CORS', async () => {
    const res = await api('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { ...V, Origin: 'http://localhost:5173' },
      body,
    });
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
  });
});

describe('request rate limit', () => {
  // Spending the relaxed test budget takes about 3,000 requests: seconds on a quiet machine, more under load.
  it('answers 429 over_request_rate_limit once an IP spends its sign-in budget', async () => {
    const headers = { ...V, 'X-Forwarded-For': '203.0.113.77' };
    let last: Response | undefined;
    // sign_in_sign_ups = 30 per 5 minutes, ×100 in test mode.
    for (let i = 0; i < 4000 && (!last || last.status !== 429); i += 100) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, () =>
          api('/auth/v1/token?grant_type=password', { method: 'POST', headers, body: '{}' }),
        ),
      );
      last = batch.find((r) => r.status === 429) ?? batch[batch.length - 1];
    }
    expect(last!.status).toBe(429);
    expect(await last!.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Another IP is unaffected.
    const other = await api('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { ...V, 'X-Forwarded-For': '203.0.113.78' },
      body: '{}',
    });
    expect(other.status).toBe(400);
  });
});
