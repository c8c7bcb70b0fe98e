import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { api, createUser, serviceClient, signedInClient, sql, stackConfig } from '../../src/testing/index.ts';

// Expected statuses, codes and bodies come from supabase/auth internal/api/oauthserver (authorize.go,
// handlers.go, service.go, auth.go), internal/api/middleware.go (requireOAuthClientAuth) and
// internal/tokens/service.go (client_id and scope claims). supabase/config.toml enables the server with
// authorization_url_path = "/oauth/consent" and site_url http://localhost:5173.

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };
const REDIRECT = 'http://localhost:3001/callback';
const CONSENT_PAGE = 'http://localhost:5173/oauth/consent';

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function registerClient(
  params: Record<string, unknown> = {},
): Promise<{ client_id: string; client_secret?: string }> {
  const { data, error } = await serviceClient().auth.admin.oauth.createClient({
    client_name: 'Studio Planner',
    client_uri: 'https://planner.goodspace.dev',
    redirect_uris: [REDIRECT],
    client_type: 'public',
    ...params,
  } as never);
  expect(error).toBeNull();
  return data as unknown as { client_id: string; client_secret?: string };
}

/** GET /oauth/authorize as the third-party app's browser would: the 302 Location. */
async function authorize(
  query: Record<string, string>,
): Promise<{ status: number; location: string | null; body: string }> {
  const res = await api(`/auth/v1/oauth/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

async function startFlow(
  clientId: string,
  state = 'xyz-state',
  scope = 'openid email',
): Promise<{ authorizationId: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const res = await authorize({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope,
    state,
  });
  expect(res.status).toBe(302);
  const location = new URL(res.location!);
  expect(`${location.origin}${location.pathname}`).toBe(CONSENT_PAGE);
  const authorizationId = location.searchParams.get('authorization_id')!;
  expect(authorizationId).toMatch(/^[a-z0-9]{32}$/);
  return { authorizationId, verifier };
}

async function token(body: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await api('/auth/v1/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signedIn(): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const u = await createUser();
  return { client: await signedInClient(u.email, u.password), id: u.id, email: u.email };
}

describe('client registration (admin)', () => {
  it('registers public and confidential clients as hosted shapes them', async () => {
    const pub = (await registerClient()) as Record<string, unknown>;
    expect(pub).toMatchObject({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_type: 'public',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Studio Planner',
      client_uri: 'https://planner.goodspace.dev',
      registration_type: 'manual',
    });
    expect(pub.client_secret).toBeUndefined();
    const conf = (await registerClient({ client_type: 'confidential' })) as Record<string, unknown>;
    expect(conf).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const got = await serviceClient().auth.admin.oauth.getClient(conf.client_id as string);
    expect(got.data).toMatchObject({ client_id: conf.client_id, client_type: 'confidential' });
    expect((got.data as unknown as Record<string, unknown>).client_secret).toBeUndefined();
  });

  it('refuses bad redirect URIs and non-admin callers', async () => {
    const res = await api('/auth/v1/admin/oauth/clients', {
      method: 'POST',
      headers: { ...V, Authorization: `Bearer ${stackConfig.serviceRoleKey}` },
      body: JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: "invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
    });
    const { client } = await signedIn();
    const { data } = await client.auth.getSession();
    const user = await api('/auth/v1/admin/oauth/clients', {
      headers: { ...V, Authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });
});

describe('client management (admin)', () => {
  it('updates only the fields sent, checks them as at registration, and refuses an empty update', async () => {
    const { client_id } = await registerClient();
    const admin = serviceClient().auth.admin.oauth;
    const { data, error } = await admin.updateClient(client_id, {
      client_name: 'Studio Planner 2',
      redirect_uris: [REDIRECT, 'https://planner.goodspace.dev/cb'],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_id,
      client_name: 'Studio Planner 2',
      client_uri: 'https://planner.goodspace.dev',
      redirect_uris: [REDIRECT, 'https://planner.goodspace.dev/cb'],
      token_endpoint_auth_method: 'none',
    });
    const cleared = await admin.updateClient(client_id, { client_uri: '' });
    expect((cleared.data as unknown as Record<string, unknown>).client_uri).toBeUndefined();
    const put = (body: unknown) =>
      api(`/auth/v1/admin/oauth/clients/${client_id}`, {
        method: 'PUT',
        headers: { ...V, Authorization: `Bearer ${stackConfig.serviceRoleKey}` },
        body: JSON.stringify(body),
      });
    const empty = await put({});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ code: 'validation_failed', message: 'No fields provided for update' });
    const method = await put({ token_endpoint_auth_method: 'client_secret_post' });
    expect(method.status).toBe(400);
    expect(await method.json()).toEqual({
      code: 'validation_failed',
      message:
        "token_endpoint_auth_method 'client_secret_post' is not valid for client_type 'public'; valid methods: [none]",
    });
    const grants = await put({ grant_types: ['password'] });
    expect(grants.status).toBe(400);
    expect(((await grants.json()) as { message: string }).message).toBe(
      "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    );
    const got = await admin.getClient(client_id);
    expect(got.data).toMatchObject({
      client_name: 'Studio Planner 2',
      grant_types: ['authorization_code', 'refresh_token'],
    });
  });

  it("regenerates a confidential client's secret (the old one stops working) and refuses for a public client", async () => {
    const conf = await registerClient({ client_type: 'confidential' });
    const admin = serviceClient().auth.admin.oauth;
    const { data, error } = await admin.regenerateClientSecret(conf.client_id);
    expect(error).toBeNull();
    const fresh = (data as unknown as { client_secret: string }).client_secret;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(conf.client_secret);
    const basic = (secret: string) => `Basic ${Buffer.from(`${conf.client_id}:${secret}`).toString('base64')}`;
    const tokenWith = (secret: string) =>
      api('/auth/v1/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic(secret) },
        body: 'grant_type=authorization_code&code=x',
      });
    expect(((await (await tokenWith(conf.client_secret!)).json()) as { msg: string }).msg).toBe(
      'invalid client credentials',
    );
    // The new secret authenticates: the request gets as far as the (unknown) code.
    expect(((await (await tokenWith(fresh)).json()) as { msg?: string }).msg).not.toBe('invalid client credentials');
    const pub = await registerClient();
    const refused = await admin.regenerateClientSecret(pub.client_id);
    expect(refused.error!.status).toBe(400);
    expect(refused.error!.message).toBe('Cannot regenerate secret for public client');
  });
});

describe('authorization code flow with PKCE', () => {
  it('authorize → consent page → details → approve → code → tokens carrying client_id and scope', async () => {
    const { client_id } = await registerClient();
    const { client: user, id: userId, email } = await signedIn();
    const { authorizationId, verifier } = await startFlow(client_id);

    const details = await user.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(details.error).toBeNull();
    expect(details.data).toEqual({
      authorization_id: authorizationId,
      redirect_uri: REDIRECT,
      client: { id: client_id, name: 'Studio Planner', uri: 'https://planner.goodspace.dev' },
      user: { id: userId, email },
      scope: 'openid email',
    });

    const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    expect(approved.error).toBeNull();
    const redirectUrl = new URL((approved.data as { redirect_url: string }).redirect_url);
    expect(`${redirectUrl.origin}${redirectUrl.pathname}`).toBe(REDIRECT);
    expect(redirectUrl.searchParams.get('state')).toBe('xyz-state');
    const code = redirectUrl.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      client_id,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
    });
    expect(wrongVerifier).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'PKCE verification failed: code challenge does not match previously saved code verifier',
      },
    });

    const tokens = await token({
      grant_type: 'authorization_code',
      code,
      client_id,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    expect(Object.keys(tokens.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'refresh_token',
      'token_type',
    ]);
    expect(tokens.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const claims = claimsOf(tokens.body.access_token as string);
    expect(claims).toMatchObject({ sub: userId, role: 'authenticated', aal: 'aal1', client_id, scope: 'openid email' });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['oauth_provider/authorization_code']);
    expect(claimsOf(tokens.body.id_token as string)).toMatchObject({
      sub: userId,
      aud: client_id,
      email,
      email_verified: true,
    });

    // The access token works against the API like any user token.
    const me = await api('/auth/v1/user', {
      headers: { Authorization: `Bearer ${tokens.body.access_token as string}` },
    });
    expect(me.status).toBe(200);

    // Codes are single use.
    const again = await token({ grant_type: 'authorization_code', code, client_id, code_verifier: verifier });
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
    });

    // The OAuth session refreshes at /oauth/token with its client, keeping client_id and scope…
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token as string,
      client_id,
    });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(claimsOf(refreshed.body.access_token as string)).toMatchObject({ client_id, scope: 'openid email' });
    // …but not at /token without it.
    const plain = await api('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ refresh_token: refreshed.body.refresh_token }),
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required for OAuth session',
    });

    // The consent is remembered: the next request with the same scopes auto-approves on the details call.
    const next = await startFlow(client_id, 'second');
    const auto = await user.auth.oauth.getAuthorizationDetails(next.authorizationId);
    const autoUrl = new URL((auto.data as unknown as { redirect_url: string }).redirect_url);
    expect(autoUrl.searchParams.get('state')).toBe('second');
    expect(autoUrl.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);

    const grants = await user.auth.oauth.listGrants();
    expect(grants.data).toEqual([
      {
        client: { id: client_id, name: 'Studio Planner', uri: 'https://planner.goodspace.dev' },
        scopes: ['openid', 'email'],
        granted_at: expect.stringMatching(/Z$/),
      },
    ]);
  });

  it('deny sends access_denied back to the client, and the request cannot be decided twice', async () => {
    const { client_id } = await registerClient();
    const { client: user } = await signedIn();
    const { authorizationId } = await startFlow(client_id, 'deny-state');
    expect((await user.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull();
    const denied = await user.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true });
    expect(denied.error).toBeNull();
    expect((denied.data as { redirect_url: string }).redirect_url).toBe(
      `${REDIRECT}?error=access_denied&error_description=User+denied+the+request&state=deny-state`,
    );
    const again = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    expect(again.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'authorization request is no longer pending',
    });
  });

  it('keeps an authorization to the user who opened it, and checks the Origin', async () => {
    const { client_id } = await registerClient();
    const a = await signedIn();
    const b = await signedIn();
    const { authorizationId } = await startFlow(client_id);
    expect((await a.client.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull();
    const other = await b.client.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(other.error).toMatchObject({
      status: 404,
      code: 'oauth_authorization_not_found',
      message: 'authorization not found',
    });
    const otherConsent = await b.client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    expect(otherConsent.error).toMatchObject({ status: 404, code: 'oauth_authorization_not_found' });
    const unknown = await a.client.auth.oauth.getAuthorizationDetails('nope');
    expect(unknown.error).toMatchObject({ status: 404, code: 'oauth_authorization_not_found' });

    const { data } = await a.client.auth.getSession();
    const evil = await api(`/auth/v1/oauth/authorizations/${authorizationId}/consent`, {
      method: 'POST',
      headers: { ...V, Authorization: `Bearer ${data.session!.access_token}`, Origin: 'https://evil.example' },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(evil.status).toBe(400);
    expect(await evil.json()).toEqual({ code: 'validation_failed', message: 'unauthorized request origin' });
    const badAction = await api(`/auth/v1/oauth/authorizations/${authorizationId}/consent`, {
      method: 'POST',
      headers: { ...V, Authorization: `Bearer ${data.session!.access_token}`, Origin: 'http://localhost:5173' },
      body: JSON.stringify({ action: 'maybe' }),
    });
    expect(await badAction.json()).toEqual({
      code: 'validation_failed',
      message: "action must be 'approve' or 'deny'",
    });
  });

  it('expires authorization requests after their TTL', async () => {
    const { client_id } = await registerClient();
    const { client: user } = await signedIn();
    const { authorizationId } = await startFlow(client_id);
    await sql(
      "update auth.oauth_authorizations set expires_at = now() - interval '1 second' where authorization_id = $1",
      [authorizationId],
    );
    const res = await user.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(res.error).toMatchObject({ status: 404, code: 'oauth_authorization_not_found' });
    expect(
      (
        await sql<{ status: string }>('select status from auth.oauth_authorizations where authorization_id = $1', [
          authorizationId,
        ])
      )[0]!.status,
    ).toBe('expired');
  });
});

describe('authorize: refused requests', () => {
  it('answers bad client or redirect_uri with JSON, never a redirect', async () => {
    const { client_id } = await registerClient();
    const { challenge } = pkce();
    const base = { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'email' };
    const unknown = await authorize({
      ...base,
      client_id: '00000000-0000-4000-8000-000000000000',
      redirect_uri: REDIRECT,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toEqual({
      code: 400,
      error_code: 'oauth_client_not_found',
      msg: 'invalid client_id',
    });
    const malformed = await authorize({ ...base, client_id: 'abc', redirect_uri: REDIRECT });
    expect(JSON.parse(malformed.body)).toMatchObject({
      error_code: 'oauth_client_not_found',
      msg: 'invalid client_id format',
    });
    const wrongRedirect = await authorize({ ...base, client_id, redirect_uri: 'http://localhost:3001/other' });
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.location).toBeNull();
    expect(JSON.parse(wrongRedirect.body)).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'invalid redirect_uri',
    });
    const missing = await authorize({ ...base, redirect_uri: REDIRECT });
    expect(JSON.parse(missing.body)).toMatchObject({ error_code: 'validation_failed', msg: 'client_id is required' });
  });

  it('sends other problems back to the registered redirect_uri as invalid_request', async () => {
    const { client_id } = await registerClient();
    const noPkce = await authorize({
      response_type: 'code',
      client_id,
      redirect_uri: REDIRECT,
      scope: 'email',
      state: 's1',
    });
    expect(noPkce.status).toBe(302);
    expect(noPkce.location).toBe(
      `${REDIRECT}?error=invalid_request&error_description=PKCE+flow+requires+both+code_challenge+and+code_challenge_method&state=s1`,
    );
    const { challenge } = pkce();
    const badScope = await authorize({
      client_id,
      redirect_uri: REDIRECT,
      scope: 'email admin',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(badScope.location).toBe(`${REDIRECT}?error=invalid_request&error_description=unsupported+scope%3A+admin`);
    const token = await authorize({
      response_type: 'token',
      client_id,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(new URL(token.location!).searchParams.get('error_description')).toBe('only response_type=code is supported');
  });
});

describe('token endpoint: client authentication', () => {
  it('authenticates confidential clients with client_secret_basic and refuses the wrong method or secret', async () => {
    const conf = await registerClient({ client_type: 'confidential' });
    const basic = (secret: string) => `Basic ${Buffer.from(`${conf.client_id}:${secret}`).toString('base64')}`;
    const noCode = await api('/auth/v1/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic(conf.client_secret!) },
      body: 'grant_type=authorization_code',
    });
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toEqual({
      error: 'invalid_request',
      error_description: 'code is required for authorization_code grant',
    });
    const wrong = await api('/auth/v1/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic('nope') },
      body: 'grant_type=authorization_code&code=x',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'invalid client credentials',
    });
    const post = await token({
      grant_type: 'authorization_code',
      code: 'x',
      client_id: conf.client_id,
      client_secret: conf.client_secret!,
    });
    expect(post.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: "invalid authentication method: client is registered for 'client_secret_basic' but 'client_secret_post' was used",
    });
  });

  it('refuses a code issued to another client and a missing client_id', async () => {
    const first = await registerClient();
    const second = await registerClient();
    const { client: user } = await signedIn();
    const { authorizationId, verifier } = await startFlow(first.client_id);
    await user.auth.oauth.getAuthorizationDetails(authorizationId);
    const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    const code = new URL((approved.data as { redirect_url: string }).redirect_url).searchParams.get('code')!;
    const stolen = await token({
      grant_type: 'authorization_code',
      code,
      client_id: second.client_id,
      code_verifier: verifier,
    });
    expect(stolen.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Authorization code was not issued for this client',
    });
    const anonymous = await token({ grant_type: 'authorization_code', code, code_verifier: verifier });
    expect(anonymous.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid client credentials: client_id is required',
    });
  });
});
