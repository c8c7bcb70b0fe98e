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
  signedInClient,
  sql,
  stackConfig,
  uniqueEmail,
} from '../../src/testing/index.ts';

// Expected statuses, codes and messages come from supabase/auth internal/api (signup.go, token.go, verify.go,
// logout.go, user.go, auth.go) and tokens/service.go.

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };

describe('sign-up with confirmations on', () => {
  it('returns the user without a session, mails a verify link, and the link signs in', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: DEFAULT_PASSWORD,
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]!.identity_data).toMatchObject({
      sub: user.id,
      email,
      email_verified: false,
      phone_verified: false,
      full_name: 'Ada Lovelace',
    });
    expect(user.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', email_verified: false, sub: user.id });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    const mail = await latestMailTo(email);
    expect(mail.Subject).toBe('Confirm your signup');
    const link = extractLink(mail.HTML);
    expect(link).toMatch(new RegExp(`^${API_URL}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=`));

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:5173/welcome#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');

    const { data: got, error: getErr } = await client.auth.getUser(fragment.get('access_token')!);
    expect(getErr).toBeNull();
    expect(got.user!.email_confirmed_at).toBeTruthy();
    expect(got.user!.user_metadata.email_verified).toBe(true);

    // The link is single-use: a second visit lands with otp_expired in the fragment.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const errFragment = new URLSearchParams(again.headers.get('location')!.split('#')[1]);
    expect(errFragment.get('error')).toBe('access_denied');
    expect(errFragment.get('error_code')).toBe('otp_expired');
    expect(errFragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('answers a duplicate confirmed sign-up with an obfuscated user, no identities and no mail', async () => {
    const { email, id } = await createUser();
    const before = (await (await fetch(`${stackConfig.inboxUrl}/api/v1/search?query=to:${email}`)).json()) as {
      total: number;
    };
    const { data, error } = await anonClient().auth.signUp({ email, password: DEFAULT_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.id).not.toBe(id);
    expect(data.user!.identities).toEqual([]);
    const after = (await (await fetch(`${stackConfig.inboxUrl}/api/v1/search?query=to:${email}`)).json()) as {
      total: number;
    };
    expect(after.total).toBe(before.total);
  });

  it('refuses sign-in before confirmation with 400 email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await anonClient().auth.signUp({ email, password: DEFAULT_PASSWORD });
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: DEFAULT_PASSWORD });
    expect(data.session).toBeNull();
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('email_not_confirmed');
    expect(error!.message).toBe('Email not confirmed');
  });

  it('runs the AFTER INSERT trigger with only options.data in raw_user_meta_data', async () => {
    const email = uniqueEmail('trigger');
    const { data } = await anonClient().auth.signUp({
      email,
      password: DEFAULT_PASSWORD,
      options: { data: { full_name: 'T' } },
    });
    const rows = await sql<{ raw_user_meta_data: Record<string, unknown> }>(
      'select raw_user_meta_data from auth.users where id = $1',
      [data.user!.id],
    );
    expect(rows[0]!.raw_user_meta_data).toMatchObject({ full_name: 'T', sub: data.user!.id, email });
  });
});

describe('password sign-in', () => {
  it('issues a session with hosted claims and emits SIGNED_IN', async () => {
    const { email, password, id } = await createUser({ metadata: { full_name: 'Bo' } });
    const client = createClient(API_URL, stackConfig.publishableKey, nodeOptions);
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const [header, payload] = s.access_token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(header.kid).toBeTruthy();
    expect(Object.keys(payload)).toEqual([
      'iss',
      'sub',
      'aud',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
      'iat',
      'exp',
    ]);
    expect(payload).toMatchObject({
      iss: `${API_URL}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(payload.exp - payload.iat).toBe(3600);
    expect(s.expires_at).toBe(payload.exp);
    expect(payload.user_metadata).toMatchObject({ full_name: 'Bo', email_verified: true });
    expect((await sql('select 1 from auth.sessions where id = $1', [payload.session_id])).length).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toContain('SIGNED_IN');
  });

  it('answers a wrong password and an unknown e-mail alike: 400 invalid_credentials', async () => {
    const { email } = await createUser();
    for (const [e, p] of [
      [email, 'Wrong-Passw0rd'],
      [uniqueEmail('nobody'), DEFAULT_PASSWORD],
    ] as const) {
      const res = await api('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: V,
        body: JSON.stringify({ email: e, password: p }),
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('adds weak_password to the session when the password no longer meets the policy', async () => {
    const { email } = await createUser({ password: 'alllowercase' });
    const res = await api('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email, password: 'alllowercase' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { weak_password: { reasons: string[] } };
    expect(body.weak_password.reasons).toEqual(['characters']);
  });
});

describe('refresh tokens', () => {
  it('rotates, hands back the child within the reuse interval, and emits TOKEN_REFRESHED', async () => {
    const { email, password } = await createUser();
    const client = await signedInClient(email, password);
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const first = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(events).toContain('TOKEN_REFRESHED');
    // Re-presenting the parent right away (a lost response) returns the same active child.
    const again = await api('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ refresh_token: first.refresh_token }),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(data.session!.refresh_token);
  });

  it('revokes the whole family when a used token comes back after the reuse interval', async () => {
    const { email, password } = await createUser();
    const client = await signedInClient(email, password);
    const first = (await client.auth.getSession()).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;
    const third = (await client.auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    // Age the used token past the 10 s interval instead of waiting.
    await sql(
      "update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1",
      [first.refresh_token],
      'supabase_admin',
    );
    const reuse = await api('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ refresh_token: first.refresh_token }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const rows = await sql<{ revoked: boolean }>('select revoked from auth.refresh_tokens where token = $1', [
      third.refresh_token,
    ]);
    expect(rows[0]!.revoked).toBe(true);
  });

  it('answers unknown and malformed refresh tokens as hosted', async () => {
    const unknown = await api('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ refresh_token: 'abcdefghijkl' }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const bad = await api('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ refresh_token: 'short' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'validation_failed', message: 'Refresh token is not valid' });
  });
});

describe('logout scopes', () => {
  async function twoSessions() {
    const { email, password } = await createUser();
    return { a: await signedInClient(email, password), b: await signedInClient(email, password) };
  }
  const tokenOf = async (c: Awaited<ReturnType<typeof signedInClient>>) =>
    (await c.auth.getSession()).data.session!.access_token;

  it('local ends only this session; the other still works', async () => {
    const { a, b } = await twoSessions();
    const aToken = await tokenOf(a);
    const res = await api('/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { Authorization: `Bearer ${aToken}` },
    });
    expect(res.status).toBe(204);
    const me = await api('/auth/v1/user', { headers: { ...V, Authorization: `Bearer ${aToken}` } });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    expect((await b.auth.getUser()).error).toBeNull();
  });

  it('others keeps this session and ends the rest; global ends all and emits SIGNED_OUT', async () => {
    const { a, b } = await twoSessions();
    const res = await api('/auth/v1/logout?scope=others', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf(a)}` },
    });
    expect(res.status).toBe(204);
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await b.auth.getUser()).error!.name).toBe('AuthSessionMissingError');
    const events: string[] = [];
    a.auth.onAuthStateChange((e) => events.push(e));
    const aToken = await tokenOf(a);
    expect((await a.auth.signOut()).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await api('/auth/v1/user', { headers: { Authorization: `Bearer ${aToken}` } })).status).toBe(403);
  });

  it('refuses an unknown scope with 400 validation_failed', async () => {
    const { a } = await twoSessions();
    const res = await api('/auth/v1/logout?scope=all', {
      method: 'POST',
      headers: { ...V, Authorization: `Bearer ${await tokenOf(a)}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "all"' });
  });
});

describe('changing the e-mail address (secure change: both addresses confirm)', () => {
  it('mails both addresses; after both links the account signs in with the new address only', async () => {
    const { email, password } = await createUser();
    const client = await signedInClient(email, password);
    const newEmail = uniqueEmail('changed');
    const { error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: 'http://localhost:5173/welcome' },
    );
    expect(error).toBeNull();
    const toCurrent = extractLink((await latestMailTo(email, 60_000, { subject: 'Confirm your e-mail change' })).HTML);
    const toNew = extractLink(
      (await latestMailTo(newEmail, 60_000, { subject: 'Confirm your new e-mail address' })).HTML,
    );
    const first = await fetch(toCurrent, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/#message=Confirmation\+link\+accepted/);
    const second = await fetch(toNew, { redirect: 'manual' });
    expect(second.status).toBe(303);
    const fragment = new URLSearchParams(second.headers.get('location')!.split('#')[1]);
    expect(fragment.get('type')).toBe('email_change');
    expect(fragment.get('access_token')).toBeTruthy();
    const fresh = createClient(API_URL, stackConfig.anonKey, nodeOptions);
    expect((await fresh.auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
    const old = await fresh.auth.signInWithPassword({ email, password });
    expect(old.error!.code).toBe('invalid_credentials');
  });
});
