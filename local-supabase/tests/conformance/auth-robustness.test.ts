import { describe, expect, it } from 'vitest';
import { api, createUser, signUserJwt, sql, stackConfig } from '../../src/testing/index.ts';

/**
 * The token with its signature's first character changed. Not the last one: base64url's last character also
 * carries padding bits, so changing it can leave the decoded signature as it was (and the token valid).
 */
function forge(token: string): string {
  const [header, payload, signature] = token.split('.');
  const first = signature![0] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${first}${signature!.slice(1)}`;
}

// Bad input answers 4xx with GoTrue's body, never 500, and changes nothing (internal/api/helpers.go
// retrieveRequestParams → 400 bad_json; auth.go requireAuthentication → 401/403).

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };

// Other test files create real users in parallel, so count only what a malformed body could have created:
// users without an e-mail or with a junk one (none of the bodies below carries a valid address).
const countUsers = async () =>
  Number(
    (
      await sql<{ n: string }>("select count(*)::text as n from auth.users where email is null or email not like '%@%'")
    )[0]!.n,
  );

describe('malformed bodies', () => {
  const routes = [
    '/auth/v1/signup',
    '/auth/v1/token?grant_type=password',
    '/auth/v1/token?grant_type=refresh_token',
    '/auth/v1/recover',
    '/auth/v1/verify',
    '/auth/v1/resend',
    '/auth/v1/otp',
  ];
  const bodies = [
    '{',
    'not json',
    '[1,2]',
    '"text"',
    '{"email": 12, "password": true, "refresh_token": 5, "type": [], "token_hash": {}}',
  ];

  it('answers 400 bad_json (or validation) on every public route and creates nothing', async () => {
    const before = await countUsers();
    for (const route of routes) {
      for (const body of bodies) {
        const res = await api(route, { method: 'POST', headers: V, body });
        expect(res.status, `${route} ${body}`).toBe(400);
        const json = (await res.json()) as { code: string; message: string };
        expect(json.code, `${route} ${body}`).toBe('bad_json');
        expect(json.message).toMatch(/^Could not parse request body as JSON: /);
      }
    }
    expect(await countUsers()).toBe(before);
  });

  it('names the field and Go type of a wrong-typed value', async () => {
    const res = await api('/auth/v1/signup', { method: 'POST', headers: V, body: '{"email": 12}' });
    expect(await res.json()).toEqual({
      code: 'bad_json',
      message:
        'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field SignupParams.email of type string',
    });
  });

  it('answers missing fields with 400 validation_failed', async () => {
    const cases: [string, object, string][] = [
      ['/auth/v1/signup', { email: 'a-valid@goodspace.dev' }, 'Signup requires a valid password'],
      ['/auth/v1/token?grant_type=password', { password: 'x' }, 'missing email or phone'],
      ['/auth/v1/recover', {}, 'Password recovery requires an email'],
      [
        '/auth/v1/signup',
        { email: 'not-an-email', password: 'Passw0rd-Good' },
        'Unable to validate email address: invalid format',
      ],
      ['/auth/v1/verify', { type: 'signup' }, 'Verify requires either a token or a token hash'],
    ];
    for (const [route, body, message] of cases) {
      const res = await api(route, { method: 'POST', headers: V, body: JSON.stringify(body) });
      expect(res.status, route).toBe(400);
      expect(await res.json()).toEqual({ code: 'validation_failed', message });
    }
  });

  it('answers signup without e-mail or phone as anonymous sign-in, which is off (422)', async () => {
    const res = await api('/auth/v1/signup', { method: 'POST', headers: V, body: '{}' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
  });

  it('refuses an unknown grant type', async () => {
    const res = await api('/auth/v1/token?grant_type=magic', { method: 'POST', headers: V, body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await api('/auth/v1/signup', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('request_entity_too_large');
  });
});

describe('garbage and stale tokens on authenticated routes', () => {
  const routes: [string, string][] = [
    ['GET', '/auth/v1/user'],
    ['PUT', '/auth/v1/user'],
    ['POST', '/auth/v1/logout'],
  ];

  it('401 no_authorization without a bearer token', async () => {
    for (const [method, path] of routes) {
      const res = await api(path, {
        method,
        headers: { ...V, apikey: stackConfig.anonKey, Authorization: 'Basic abc' },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({
        code: 'no_authorization',
        message: 'This endpoint requires a valid Bearer token',
      });
    }
  });

  it('403 bad_jwt for garbage, a bad signature and an expired token', async () => {
    const expired = await signUserJwt(undefined, {}, -120);
    const forged = forge(await signUserJwt());
    for (const token of ['garbage', 'a.b.c', expired, forged]) {
      for (const [method, path] of routes) {
        const res = await api(path, {
          method,
          headers: { ...V, Authorization: `Bearer ${token}` },
          body: method === 'GET' ? undefined : '{}',
        });
        expect(res.status, `${path} ${token.slice(0, 10)}`).toBe(403);
        const body = (await res.json()) as { code: string; message: string };
        expect(body.code).toBe('bad_jwt');
        expect(body.message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
      }
    }
  });

  it('403 bad_jwt "missing sub claim" for the anon key, 403 user_not_found for an unknown sub', async () => {
    // The anon key as Bearer, as supabase-js sends it without a session (gateway-api-keys.test.ts covers none).
    const anon = await api('/auth/v1/user', { headers: { ...V, Authorization: `Bearer ${stackConfig.anonKey}` } });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const ghost = await api('/auth/v1/user', { headers: { ...V, Authorization: `Bearer ${await signUserJwt()}` } });
    expect(ghost.status).toBe(403);
    expect(await ghost.json()).toEqual({
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    });
  });

  it('leaves the user untouched after refused updates, and the server keeps serving', async () => {
    const { id } = await createUser({ metadata: { keep: true } });
    const before = await sql('select raw_user_meta_data, encrypted_password from auth.users where id = $1', [id]);
    const forged = forge(await signUserJwt(id));
    await api('/auth/v1/user', {
      method: 'PUT',
      headers: { ...V, Authorization: `Bearer ${forged}` },
      body: JSON.stringify({ data: { keep: false }, password: 'Other-Passw0rd' }),
    });
    expect(await sql('select raw_user_meta_data, encrypted_password from auth.users where id = $1', [id])).toEqual(
      before,
    );
    expect((await api('/auth/v1/health')).status).toBe(200);
  });
});

describe('verify link errors', () => {
  it('redirects a bad token to site_url with otp_expired in the fragment', async () => {
    const res = await fetch(
      `${stackConfig.apiUrl}/auth/v1/verify?token=deadbeef&type=signup&redirect_to=http://localhost:5173/x`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      'http://localhost:5173/x#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });

  it('answers a verify link without a type with 400 JSON', async () => {
    const res = await fetch(`${stackConfig.apiUrl}/auth/v1/verify?token=x`, { headers: V });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'Verify requires a verification type' });
  });
});

describe('settings and health', () => {
  it('GET /settings reports e-mail on, confirmations on, signups on', async () => {
    const res = await api('/auth/v1/settings');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      external: Record<string, boolean>;
      disable_signup: boolean;
      mailer_autoconfirm: boolean;
    };
    expect(body.external.email).toBe(true);
    expect(body.external.anonymous_users).toBe(false);
    expect(body.disable_signup).toBe(false);
    expect(body.mailer_autoconfirm).toBe(false);
  });

  it('GET /health names GoTrue', async () => {
    expect(await (await api('/auth/v1/health')).json()).toMatchObject({ name: 'GoTrue' });
  });
});

// A NUL byte is valid JSON (\u0000) but PostgreSQL refuses it in text (22021). GoTrue validates some fields first
// (4xx) and sends others straight to a query, whose failure it wraps as a 500 with a message of its own
// (token.go ResourceOwnerPasswordGrant, verify.go verifyTokenHash): the stack gives the same answers on purpose,
// changes nothing and keeps serving.
describe('NUL bytes in e-mails and tokens', () => {
  const post = (route: string, body: object) =>
    api(route, { method: 'POST', headers: V, body: JSON.stringify(body) }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as object,
    }));

  it('answers the password grant, verify and mail routes as GoTrue does, and creates nothing', async () => {
    const before = await countUsers();
    expect(
      await post('/auth/v1/token?grant_type=password', { email: 'nul\u0000@goodspace.dev', password: 'x' }),
    ).toEqual({ status: 500, body: { code: 'unexpected_failure', message: 'Database error querying schema' } });
    expect(await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: 'abcdefghij\u0000k' })).toEqual({
      status: 400,
      body: { code: 'validation_failed', message: 'Refresh token is not valid' },
    });
    for (const type of ['signup', 'recovery', 'email', 'email_change']) {
      expect(await post('/auth/v1/verify', { type, token_hash: `pkce_\u0000${type}` }), type).toEqual({
        status: 500,
        body: { code: 'unexpected_failure', message: 'Database error finding user from email link' },
      });
    }
    // An OTP is hashed with the address before any lookup; a bad address is refused first.
    expect(await post('/auth/v1/verify', { type: 'email', token: '12\u00003456', email: 'nul@goodspace.dev' })).toEqual(
      {
        status: 403,
        body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
      },
    );
    expect(await post('/auth/v1/verify', { type: 'email', token: '123456', email: 'nul\u0000@goodspace.dev' })).toEqual(
      {
        status: 422,
        body: { code: 'validation_failed', message: 'Invalid email format' },
      },
    );
    for (const route of ['/auth/v1/signup', '/auth/v1/recover', '/auth/v1/otp']) {
      const res = await post(route, { email: 'nul\u0000@goodspace.dev', password: 'Passw0rd-Good' });
      expect(res, route).toEqual({
        status: 400,
        body: { code: 'validation_failed', message: 'Unable to validate email address: invalid format' },
      });
    }
    expect(await countUsers()).toBe(before);
    expect((await api('/auth/v1/health')).status).toBe(200);
  });

  it('redirects an e-mail link whose token holds a NUL with the server error in the fragment', async () => {
    const res = await fetch(
      `${stackConfig.apiUrl}/auth/v1/verify?token=ab%00cd&type=signup&redirect_to=http://localhost:5173/x`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      'http://localhost:5173/x#error=server_error&error_code=unexpected_failure&error_description=Database+error+finding+user+from+email+link&sb=',
    );
  });
});
