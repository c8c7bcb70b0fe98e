import { AuthApiError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  api,
  API_URL,
  createUser,
  extractLink,
  latestMailTo,
  nodeOptions,
  serviceClient,
  signedInClient,
  sql,
  stackConfig,
  uniqueEmail,
} from '../../src/testing/index.ts';

// Bans as hosted Auth has them (supabase/auth v2.196.0; every source is listed in docs/conformance.md, "Bans"):
// internal/api/admin.go (ban_duration in adminUserCreate/adminUserUpdate, parsed by Go's time.ParseDuration),
// internal/models/user.go (Ban writes banned_until only; IsBanned is "now before banned_until"), token.go
// (password grant), internal/tokens/service.go (refresh token grant), verify.go (verifyTokenHash,
// verifyUserAndToken) and auth.go (requireAuthentication refuses a banned person's still-valid access token).

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };
const SERVICE = { apikey: stackConfig.serviceRoleKey, Authorization: `Bearer ${stackConfig.serviceRoleKey}` };
const HOUR = 3_600_000;

async function adminUpdate(id: string, body: Record<string, unknown>) {
  const res = await api(`/auth/v1/admin/users/${id}`, {
    method: 'PUT',
    headers: { ...V, ...SERVICE },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function ban(id: string, duration = '876000h') {
  const { error } = await serviceClient().auth.admin.updateUserById(id, { ban_duration: duration });
  expect(error).toBeNull();
}

async function stored(id: string) {
  const [row] = await sql<{ banned_until: Date | null; updated_at: Date }>(
    'select banned_until, updated_at from auth.users where id = $1',
    [id],
  );
  return row!;
}

async function sessionOf(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  return data.session!;
}

async function bearerCall(token: string, method: string, path: string, body?: unknown) {
  const res = await api(`/auth/v1${path}`, {
    method,
    headers: { ...V, Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
}

async function refreshRaw(refreshToken: string) {
  const res = await api('/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    headers: V,
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const BANNED = { code: 'user_banned', message: 'User is banned' };

describe('ban_duration on the admin API', () => {
  it("sets banned_until to now + the duration, in the answer, every user JSON and auth.users; 'none' lifts it", async () => {
    const u = await createUser();
    const admin = serviceClient().auth.admin;
    const before = Date.now();
    const { data, error } = await admin.updateUserById(u.id, { ban_duration: '876000h' });
    expect(error).toBeNull();
    const until = Date.parse(data.user!.banned_until!);
    expect(until).toBeGreaterThanOrEqual(before + 876_000 * HOUR - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 876_000 * HOUR + 1000);
    // The same instant in auth.users (to the millisecond both sides keep).
    expect(Math.abs((await stored(u.id)).banned_until!.getTime() - until)).toBeLessThan(1);

    expect((await admin.getUserById(u.id)).data.user!.banned_until).toBe(data.user!.banned_until);
    const listed = (await admin.listUsers({ page: 1, perPage: 1000 })).data.users.find((x) => x.id === u.id);
    expect(listed!.banned_until).toBe(data.user!.banned_until);

    const lifted = await admin.updateUserById(u.id, { ban_duration: 'none' });
    expect(lifted.error).toBeNull();
    // models.User's banned_until is omitempty: no ban, no key.
    expect(lifted.data.user).not.toHaveProperty('banned_until');
    expect((await stored(u.id)).banned_until).toBeNull();
    expect((await admin.getUserById(u.id)).data.user).not.toHaveProperty('banned_until');
  });

  it.each([
    ['24h', 24 * HOUR],
    ['1h30m', 1.5 * HOUR],
    ['90m', 1.5 * HOUR],
    ['2h45m30.5s', 2.75 * HOUR + 30_500],
  ])('reads %s as Go does', async (duration, ms) => {
    const u = await createUser();
    const before = Date.now();
    const { status, body } = await adminUpdate(u.id, { ban_duration: duration });
    expect(status).toBe(200);
    const until = Date.parse(body.banned_until as string);
    expect(until).toBeGreaterThanOrEqual(before + ms - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + ms + 1000);
  });

  it('writes banned_until only: the stored updated_at stays, the answer shows the time of the update', async () => {
    const u = await createUser();
    const was = (await stored(u.id)).updated_at;
    const { body } = await adminUpdate(u.id, { ban_duration: '24h' });
    expect((await stored(u.id)).updated_at.getTime()).toBe(was.getTime());
    expect(Date.parse(body.updated_at as string)).toBeGreaterThan(was.getTime());
  });

  it.each([
    ['forever', 'time: invalid duration "forever"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['24', 'time: missing unit in duration "24"'],
    ['3000000h', 'time: invalid duration "3000000h"'],
    ['24 h', 'time: unknown unit " h" in duration "24 h"'],
  ])('refuses %j with 400 validation_failed and changes nothing', async (duration, goError) => {
    const u = await createUser();
    await ban(u.id, '24h');
    const was = (await stored(u.id)).banned_until!.getTime();
    const { status, body } = await adminUpdate(u.id, { ban_duration: duration, user_metadata: { touched: true } });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'validation_failed', message: `invalid format for ban duration: ${goError}` });
    expect((await stored(u.id)).banned_until!.getTime()).toBe(was);
    const [meta] = await sql<{ m: unknown }>(
      "select raw_user_meta_data->'touched' as m from auth.users where id = $1",
      [u.id],
    );
    expect(meta!.m).toBeNull();
    // supabase-js: an AuthApiError carrying the same.
    const { error } = await serviceClient().auth.admin.updateUserById(u.id, { ban_duration: duration });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('validation_failed');
    expect(error!.message).toBe(`invalid format for ban duration: ${goError}`);
  });

  it('an empty ban_duration leaves the ban as it is', async () => {
    const u = await createUser();
    await ban(u.id, '24h');
    const was = (await stored(u.id)).banned_until!.getTime();
    const { status, body } = await adminUpdate(u.id, { ban_duration: '', user_metadata: { a: 1 } });
    expect(status).toBe(200);
    expect(Date.parse(body.banned_until as string)).toBe(was);
  });

  it('a negative duration sets banned_until in the past, which bans no one', async () => {
    const u = await createUser();
    const { status, body } = await adminUpdate(u.id, { ban_duration: '-1h' });
    expect(status).toBe(200);
    expect(Date.parse(body.banned_until as string)).toBeLessThan(Date.now() - HOUR + 60_000);
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: u.password })).error).toBeNull();
  });

  it('createUser takes ban_duration too: the new person is banned from the start', async () => {
    const { data, error } = await serviceClient().auth.admin.createUser({
      email: uniqueEmail('banned'),
      password: 'Passw0rd-Good',
      email_confirm: true,
      ban_duration: '24h',
    });
    expect(error).toBeNull();
    expect(Date.parse(data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * HOUR);
    const signIn = await anonClient().auth.signInWithPassword({ email: data.user!.email!, password: 'Passw0rd-Good' });
    expect(signIn.error!.code).toBe('user_banned');
  });
});

describe('a banned person cannot sign in', () => {
  it('password grant: 400 user_banned "User is banned", even with a wrong password', async () => {
    const u = await createUser();
    await ban(u.id);
    const { data, error } = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error!.name).toBe('AuthApiError');
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('user_banned');
    expect(error!.message).toBe('User is banned');
    // ResourceOwnerPasswordGrant checks the ban before the password.
    const res = await api('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email: u.email, password: 'not-the-password' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(BANNED);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [u.id])).toHaveLength(0);
  });

  it('magic link: the mail still goes out (as on hosted) and following it lands with error_code=user_banned', async () => {
    const u = await createUser();
    await ban(u.id);
    const sent = await anonClient().auth.signInWithOtp({
      email: u.email,
      options: { shouldCreateUser: false, emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(sent.error).toBeNull();
    const res = await fetch(extractLink((await latestMailTo(u.email)).HTML), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:5173/welcome#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('user_banned');
    expect(fragment.get('error_description')).toBe('User is banned');
    expect(fragment.has('access_token')).toBe(false);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [u.id])).toHaveLength(0);
  });

  it('e-mail OTP and token hash: 403 user_banned, whatever the code', async () => {
    const u = await createUser();
    const { data: link } = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email: u.email });
    await ban(u.id);
    const auth = anonClient().auth;
    for (const attempt of [
      { email: u.email, token: link.properties!.email_otp, type: 'email' as const },
      { email: u.email, token: link.properties!.email_otp === '000000' ? '111111' : '000000', type: 'email' as const },
      { email: u.email, token: link.properties!.email_otp, type: 'magiclink' as const },
      { token_hash: link.properties!.hashed_token, type: 'magiclink' as const },
    ]) {
      const { data, error } = await auth.verifyOtp(attempt);
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error!.status).toBe(403);
      expect(error!.code).toBe('user_banned');
      expect(error!.message).toBe('User is banned');
    }
    // An unknown address is still the plain "expired or invalid".
    const stranger = await auth.verifyOtp({ email: 'nobody-here@goodspace.dev', token: '123456', type: 'email' });
    expect(stranger.error!.code).toBe('otp_expired');
  });

  it('recovery and sign-up confirmation links: 403 user_banned', async () => {
    const u = await createUser();
    const admin = serviceClient().auth.admin;
    const recovery = await admin.generateLink({ type: 'recovery', email: u.email });
    const unconfirmed = await createUser({ confirmed: false });
    const invite = await admin.generateLink({
      type: 'signup',
      email: unconfirmed.email,
      password: unconfirmed.password,
    });
    await ban(u.id);
    await ban(unconfirmed.id);
    for (const [hash, type] of [
      [recovery.data.properties!.hashed_token, 'recovery'],
      [invite.data.properties!.hashed_token, 'signup'],
    ] as const) {
      const res = await api('/auth/v1/verify', {
        method: 'POST',
        headers: V,
        body: JSON.stringify({ token_hash: hash, type }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(BANNED);
    }
  });
});

describe('what a ban does to sessions already open', () => {
  it('leaves sessions and refresh tokens in place, but refuses to refresh them: 400 user_banned', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const { refresh_token } = await sessionOf(client);
    const sessions = await sql('select id from auth.sessions where user_id = $1', [u.id]);
    expect(sessions).toHaveLength(1);
    await ban(u.id);
    // User.Ban writes banned_until and nothing else.
    expect(await sql('select id from auth.sessions where user_id = $1', [u.id])).toEqual(sessions);
    expect(
      await sql('select 1 from auth.refresh_tokens where user_id = $1::text and not revoked', [u.id]),
    ).toHaveLength(1);

    const raw = await refreshRaw(refresh_token);
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({ code: 'user_banned', message: 'Invalid Refresh Token: User Banned' });

    const { data, error } = await client.auth.refreshSession();
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('user_banned');
    expect(error!.message).toBe('Invalid Refresh Token: User Banned');
    // The refusal revokes nothing either.
    expect(
      await sql('select 1 from auth.refresh_tokens where user_id = $1::text and not revoked', [u.id]),
    ).toHaveLength(1);
  });

  it("refuses Auth's own endpoints to a banned person's still-valid access token: 403 user_banned", async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const token = (await sessionOf(client)).access_token;
    await ban(u.id);

    const { data, error } = await client.auth.getUser();
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error!.status).toBe(403);
    expect(error!.code).toBe('user_banned');
    expect(error!.message).toBe('User is banned');

    const factorId = enrolled.data!.id;
    for (const [method, path, body] of [
      ['GET', '/user', undefined],
      ['PUT', '/user', { data: { name: 'Changed' } }],
      ['GET', '/reauthenticate', undefined],
      ['POST', '/logout', undefined],
      ['POST', '/factors', { factor_type: 'totp', friendly_name: 'Another' }],
      ['POST', `/factors/${factorId}/challenge`, {}],
      ['POST', `/factors/${factorId}/verify`, { challenge_id: factorId, code: '123456' }],
      ['DELETE', `/factors/${factorId}`, undefined],
      ['GET', '/user/identities/authorize?provider=github', undefined],
    ] as const) {
      const res = await bearerCall(token, method, path, body);
      expect({ path, ...res }).toEqual({ path, status: 403, body: BANNED });
    }
    // Nothing went through: the metadata, the factor and the session are as they were.
    const [row] = await sql<{ name: unknown }>(
      "select raw_user_meta_data->'name' as name from auth.users where id = $1",
      [u.id],
    );
    expect(row!.name).toBeNull();
    expect(await sql('select 1 from auth.mfa_factors where user_id = $1', [u.id])).toHaveLength(1);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [u.id])).toHaveLength(1);
  });
});

describe('when the ban ends', () => {
  it("a lifted ban ('none') lets the person sign in again, and the sessions kept through the ban work again", async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const { refresh_token, access_token } = await sessionOf(client);
    await ban(u.id);
    expect((await refreshRaw(refresh_token)).status).toBe(400);
    await ban(u.id, 'none');

    expect((await bearerCall(access_token, 'GET', '/user')).status).toBe(200);
    const refreshed = await refreshRaw(refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(refresh_token);
    const again = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).toBe(u.id);
  });

  it('an expired ban bans no one, though banned_until still shows the past date', async () => {
    const u = await createUser();
    await ban(u.id, '24h');
    // What the passing of time does to a ban: banned_until falls behind now.
    await sql("update auth.users set banned_until = now() - interval '1 second' where id = $1", [u.id]);
    const signIn = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(signIn.error).toBeNull();
    expect(Date.parse(signIn.data.user!.banned_until!)).toBeLessThan(Date.now());
    const { refresh_token, access_token } = signIn.data.session!;
    const me = await bearerCall(access_token, 'GET', '/user');
    expect(me.status).toBe(200);
    expect((me.body as { banned_until: string }).banned_until).toBe(signIn.data.user!.banned_until);
    expect((await refreshRaw(refresh_token)).status).toBe(200);
  });
});

describe('supabase-js, as the moderation function uses it', () => {
  it("suspend with ban_duration '876000h', reinstate with 'none'", async () => {
    const u = await createUser();
    const person = createClient(API_URL, stackConfig.publishableKey, nodeOptions);
    expect((await person.auth.signInWithPassword({ email: u.email, password: u.password })).error).toBeNull();
    const admin = serviceClient().auth.admin;

    const banned = await admin.updateUserById(u.id, { ban_duration: '876000h' });
    expect(banned.error).toBeNull();
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 875_999 * HOUR);

    const signIn = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(signIn.error).toBeInstanceOf(AuthApiError);
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });

    const refresh = await person.auth.refreshSession();
    expect(refresh.error).toBeInstanceOf(AuthApiError);
    expect(refresh.error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    });

    const lifted = await admin.updateUserById(u.id, { ban_duration: 'none' });
    expect(lifted.error).toBeNull();
    expect(lifted.data.user!.banned_until).toBeUndefined();
    const back = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(back.error).toBeNull();
    expect(back.data.session).not.toBeNull();
  });
});
