import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/auth/totp.ts';
import { api, createUser, serviceClient, signedInClient, sql, stackConfig } from '../../src/testing/index.ts';

// Expected statuses, codes and messages come from supabase/auth internal/api/mfa.go (EnrollFactor,
// ChallengeFactor, verifyTOTPFactor, validateChallenge, UnenrollFactor), admin.go loadFactor, user.go
// (insufficient_aal) and the config in supabase/config.toml ([auth.mfa], TOTP only).

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Raw call to /auth/v1 with the user's bearer token and the API-version header auth-js sends. */
async function authCall(
  client: SupabaseClient,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await api(`/auth/v1${path}`, {
    method,
    headers: { ...V, Authorization: `Bearer ${await tokenOf(client)}`, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** A signed-in user with one TOTP factor already verified (so the client's session is aal2). */
async function userWithVerifiedFactor(): Promise<{
  client: SupabaseClient;
  email: string;
  password: string;
  factorId: string;
  secret: string;
}> {
  const u = await createUser();
  const client = await signedInClient(u.email, u.password);
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
  expect(error).toBeNull();
  const v = await client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: totpCode(data!.totp.secret) });
  expect(v.error).toBeNull();
  return { client, email: u.email, password: u.password, factorId: data!.id, secret: data!.totp.secret };
}

describe('enrol a TOTP factor', () => {
  it('returns the QR code (SVG), the secret and the otpauth URI; the factor is unverified on the user', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator' });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.friendly_name).toBe('Authenticator');
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const { secret, uri, qr_code } = data!.totp;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Issuer defaults to site_url's host (localhost:5173), the account is the e-mail.
    expect(uri).toBe(
      `otpauth://totp/localhost:5173:${u.email}?algorithm=SHA1&digits=6&issuer=localhost:5173&period=30&secret=${secret}`,
    );
    // auth-js prefixes the raw SVG the server returns.
    expect(qr_code.startsWith('data:image/svg+xml;utf-8,<?xml version="1.0"?>')).toBe(true);
    expect(qr_code).toContain('<svg width=');
    expect(qr_code).toContain('style="fill:black;stroke:none"');

    const factors = await client.auth.mfa.listFactors();
    expect(factors.error).toBeNull();
    expect(factors.data!.all).toHaveLength(1);
    expect(factors.data!.all[0]).toMatchObject({
      id: data!.id,
      friendly_name: 'Authenticator',
      factor_type: 'totp',
      status: 'unverified',
    });
    expect(factors.data!.totp).toHaveLength(0); // only verified factors are listed by type
    const { data: user } = await client.auth.getUser();
    expect(user.user!.factors).toEqual([
      expect.objectContaining({
        id: data!.id,
        factor_type: 'totp',
        status: 'unverified',
        phone: '',
        created_at: expect.stringMatching(/Z$/),
      }),
    ]);
  });

  it('answers the raw SVG and uses the issuer given', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const res = await authCall(client, 'POST', '/factors', {
      factor_type: 'totp',
      friendly_name: 'Raw',
      issuer: 'Good Space',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id', 'type', 'friendly_name', 'totp']);
    const totp = res.body.totp as { qr_code: string; uri: string };
    expect(totp.qr_code.startsWith('<?xml')).toBe(true);
    expect(totp.uri).toMatch(
      /^otpauth:\/\/totp\/Good%20Space:.+\?algorithm=SHA1&digits=6&issuer=Good%20Space&period=30&secret=[A-Z2-7]{32}$/,
    );
  });

  it('refuses a duplicate friendly name, and two factors without a name', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    expect((await authCall(client, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'Same' })).status).toBe(
      200,
    );
    const dup = await authCall(client, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'Same' });
    expect(dup).toEqual({
      status: 422,
      body: {
        code: 'mfa_factor_name_conflict',
        message: 'A factor with the friendly name "Same" for this user already exists',
      },
    });
    expect((await authCall(client, 'POST', '/factors', { factor_type: 'totp' })).status).toBe(200);
    const unnamed = await authCall(client, 'POST', '/factors', { factor_type: 'totp' });
    expect(unnamed.body.code).toBe('mfa_factor_name_conflict');
  });

  it('refuses phone and WebAuthn factors as a project with them disabled does, and unknown types', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const webauthn = await authCall(client, 'POST', '/factors', { factor_type: 'webauthn', friendly_name: 'Key' });
    expect(webauthn).toEqual({
      status: 422,
      body: { code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA enroll is disabled for WebAuthn' },
    });
    const other = await authCall(client, 'POST', '/factors', { factor_type: 'sms' });
    expect(other).toEqual({
      status: 400,
      body: { code: 'validation_failed', message: 'factor_type needs to be totp, phone, or webauthn' },
    });
    const bad = await authCall(client, 'POST', '/factors', { factor_type: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bad_json');
  });

  it('stops at max_enrolled_factors (10)', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    for (let i = 0; i < 10; i++)
      expect((await authCall(client, 'POST', '/factors', { factor_type: 'totp', friendly_name: `f${i}` })).status).toBe(
        200,
      );
    const over = await authCall(client, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'f10' });
    expect(over).toEqual({
      status: 422,
      body: {
        code: 'too_many_enrolled_mfa_factors',
        message: 'Maximum number of verified factors reached, unenroll to continue',
      },
    });
  });

  it('needs a signed-in user (the anon key alone carries no sub)', async () => {
    // The anon key as Bearer, as supabase-js sends it without a session (with no Authorization at all the
    // gateway hands Auth the key bare and Auth asks for a Bearer token: gateway-api-keys.test.ts).
    const res = await api('/auth/v1/factors', {
      method: 'POST',
      headers: { ...V, Authorization: `Bearer ${stackConfig.anonKey}` },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });
});

describe('challenge and verify', () => {
  it('verifies a code computed from the secret: new aal2 session, MFA_CHALLENGE_VERIFIED, factor verified', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const before = await tokenOf(client);
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled!.id;

    const aal1 = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal1.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' }); // unverified factors do not count

    const t0 = Math.floor(Date.now() / 1000);
    const ch = await client.auth.mfa.challenge({ factorId });
    expect(ch.error).toBeNull();
    expect(ch.data).toMatchObject({ type: 'totp', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(ch.data!.expires_at).toBeGreaterThanOrEqual(t0 + 299);
    expect(ch.data!.expires_at).toBeLessThanOrEqual(t0 + 301);
    const [row] = await sql<{ ip: string }>('select host(ip_address) as ip from auth.mfa_challenges where id = $1', [
      ch.data!.id,
    ]);
    expect(row!.ip).toBe('127.0.0.1');

    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((e) => {
      events.push(e);
    });
    const v = await client.auth.mfa.verify({
      factorId,
      challengeId: ch.data!.id,
      code: totpCode(enrolled!.totp.secret),
    });
    expect(v.error).toBeNull();
    expect(v.data!.access_token).not.toBe(before);
    expect(v.data!.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(v.data!.token_type).toBe('bearer');
    expect(v.data!.user.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');

    const claims = claimsOf(v.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password']);
    expect(claims.session_id).toBe(claimsOf(before).session_id); // same session, raised

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(aal.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual([
      'totp',
      'password',
    ]);
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.totp.map((f) => f.id)).toEqual([factorId]);

    // A refresh keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('refuses a wrong code (422 mfa_verification_failed) and keeps the challenge usable', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: ch } = await client.auth.mfa.challenge({ factorId: f!.id });
    const good = totpCode(f!.totp.secret);
    const wrong = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
    const v = await client.auth.mfa.verify({ factorId: f!.id, challengeId: ch!.id, code: wrong });
    expect(v.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const empty = await authCall(client, 'POST', `/factors/${f!.id}/verify`, { challenge_id: ch!.id, code: '' });
    expect(empty).toEqual({ status: 400, body: { code: 'validation_failed', message: 'Code needs to be non-empty' } });
    const ok = await client.auth.mfa.verify({ factorId: f!.id, challengeId: ch!.id, code: good });
    expect(ok.error).toBeNull();
  });

  it('refuses a used challenge (reported as mfa_ip_address_mismatch, as hosted does)', async () => {
    const { client, factorId, secret } = await userWithVerifiedFactor();
    const { data: ch } = await client.auth.mfa.challenge({ factorId });
    expect((await client.auth.mfa.verify({ factorId, challengeId: ch!.id, code: totpCode(secret) })).error).toBeNull();
    const again = await client.auth.mfa.verify({ factorId, challengeId: ch!.id, code: totpCode(secret) });
    expect(again.error).toMatchObject({
      status: 422,
      code: 'mfa_ip_address_mismatch',
      message: 'Challenge and verify IP addresses mismatch.',
    });
  });

  it('refuses a challenge from another IP address', async () => {
    const { client, factorId, secret } = await userWithVerifiedFactor();
    const ch = await authCall(
      client,
      'POST',
      `/factors/${factorId}/challenge`,
      {},
      { 'X-Forwarded-For': '203.0.113.7' },
    );
    expect(ch.status).toBe(200);
    const v = await client.auth.mfa.verify({ factorId, challengeId: ch.body.id as string, code: totpCode(secret) });
    expect(v.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('refuses an expired challenge (older than 300 s) and deletes it', async () => {
    const { client, factorId, secret } = await userWithVerifiedFactor();
    const { data: ch } = await client.auth.mfa.challenge({ factorId });
    await sql("update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1", [ch!.id]);
    const v = await client.auth.mfa.verify({ factorId, challengeId: ch!.id, code: totpCode(secret) });
    expect(v.error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${ch!.id} has expired, verify against another challenge or create a new challenge.`,
    });
    expect(await sql('select 1 from auth.mfa_challenges where id = $1', [ch!.id])).toHaveLength(0);
  });

  it('refuses unknown factors and challenges', async () => {
    const { client, factorId, secret } = await userWithVerifiedFactor();
    const other = await userWithVerifiedFactor();
    const notMine = await authCall(client, 'POST', `/factors/${other.factorId}/challenge`, {});
    expect(notMine).toEqual({ status: 404, body: { code: 'mfa_factor_not_found', message: 'Factor not found' } });
    const notUuid = await authCall(client, 'POST', '/factors/abc/challenge', {});
    expect(notUuid).toEqual({ status: 404, body: { code: 'validation_failed', message: 'factor_id must be an UUID' } });
    const noChallenge = await client.auth.mfa.verify({
      factorId,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: totpCode(secret),
    });
    expect(noChallenge.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_not_found',
      message: 'MFA factor with the provided challenge ID not found',
    });
  });
});

describe('rules once a factor is verified', () => {
  it('an aal1 session must step up before changing the password, enrolling or unenrolling', async () => {
    const { email, password, factorId, secret } = await userWithVerifiedFactor();
    const client = await signedInClient(email, password);
    expect(claimsOf(await tokenOf(client)).aal).toBe('aal1');
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const pw = await client.auth.updateUser({ password: 'Another-Passw0rd' });
    expect(pw.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    });
    const enrol = await authCall(client, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'Second' });
    expect(enrol).toEqual({
      status: 403,
      body: { code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' },
    });
    const un = await client.auth.mfa.unenroll({ factorId });
    expect(un.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });

    const step = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    expect(step.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'Another-Passw0rd' })).error).toBeNull();

    const removed = await client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    // The session drops back to aal1 (its totp amr entry goes) and the user has no factors left.
    const { data: refreshed } = await client.auth.refreshSession();
    const claims = claimsOf(refreshed.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['password']);
    expect(refreshed.user!.factors).toBeUndefined();
  });

  it('verifying signs out the user’s other aal1 sessions', async () => {
    const u = await createUser();
    const a = await signedInClient(u.email, u.password);
    const b = await signedInClient(u.email, u.password);
    const { data: f } = await a.auth.mfa.enroll({ factorType: 'totp' });
    expect((await a.auth.mfa.challengeAndVerify({ factorId: f!.id, code: totpCode(f!.totp.secret) })).error).toBeNull();
    const other = await authCall(b, 'GET', '/user');
    expect(other).toEqual({
      status: 403,
      body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
    });
  });

  it('unverified factors can be removed from an aal1 session', async () => {
    const u = await createUser();
    const client = await signedInClient(u.email, u.password);
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const res = await client.auth.mfa.unenroll({ factorId: f!.id });
    expect(res.data).toEqual({ id: f!.id });
    expect((await client.auth.mfa.listFactors()).data!.all).toHaveLength(0);
  });
});

describe('factors through the admin API', () => {
  it("lists, renames and deletes a user's factors; deleting drops the sessions it raised to aal1", async () => {
    const { client, factorId } = await userWithVerifiedFactor();
    const { data: me } = await client.auth.getUser();
    const userId = me.user!.id;
    const admin = serviceClient().auth.admin.mfa;
    const listed = await admin.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([
      expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'verified', friendly_name: 'Phone app' }),
    ]);
    const renamed = await api(`/auth/v1/admin/users/${userId}/factors/${factorId}`, {
      method: 'PUT',
      headers: { apikey: stackConfig.serviceRoleKey, Authorization: `Bearer ${stackConfig.serviceRoleKey}` },
      body: JSON.stringify({ friendly_name: 'Old phone' }),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: factorId, friendly_name: 'Old phone' });

    const deleted = await admin.deleteFactor({ userId, id: factorId });
    expect(deleted.error).toBeNull();
    // auth-js nests the answer (the deleted factor) one level down.
    expect(deleted.data).toMatchObject({ data: { id: factorId, friendly_name: 'Old phone' } });
    expect((await admin.listFactors({ userId })).data!.factors).toEqual([]);
    const sessions = await sql<{ aal: string }>('select aal from auth.sessions where user_id = $1', [userId]);
    expect(sessions.map((s) => s.aal)).toEqual(['aal1']);

    const again = await admin.deleteFactor({ userId, id: factorId });
    expect(again.error!.status).toBe(404);
    expect(again.error!.code).toBe('mfa_factor_not_found');
    // auth-js refuses a malformed id itself; the API answers it as GoTrue's loadFactor does.
    const badId = await api(`/auth/v1/admin/users/${userId}/factors/not-a-uuid`, {
      method: 'DELETE',
      headers: {
        apikey: stackConfig.serviceRoleKey,
        Authorization: `Bearer ${stackConfig.serviceRoleKey}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(badId.status).toBe(404);
    expect(((await badId.json()) as { message: string }).message).toBe('factor_id must be an UUID');
  });

  it("does not reach another user's factor", async () => {
    const { factorId } = await userWithVerifiedFactor();
    // By the id createUser returns: the first page of listUsers() is the 50 newest accounts, and other files
    // running beside this one can sign up more than that in between.
    const other = await createUser();
    const { error } = await serviceClient().auth.admin.mfa.deleteFactor({ userId: other.id, id: factorId });
    expect(error!.status).toBe(404);
    expect(error!.code).toBe('mfa_factor_not_found');
    expect(await sql('select 1 from auth.mfa_factors where id = $1', [factorId])).toHaveLength(1);
  });
});
