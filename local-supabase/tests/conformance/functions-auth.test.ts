import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { API_URL, signUserJwt, stackConfig } from '../../src/testing/index.ts';

// The platform's verify_jwt check (default on; `[functions.<name>] verify_jwt = false` turns it off)
// and what the platform does NOT do: CORS. Sources: supabase.com/docs/guides/functions/auth-headers,
// the documented 401 codes (guides/functions/error-codes), supabase/cli internal/functions/serve/
// templates/main.ts (OPTIONS skips verification).

const FN = `${API_URL}/functions/v1`;

async function call(name: string, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return fetch(`${FN}/${name}`, { method, headers });
}

async function expectRefused(res: Response, code: string, message: string): Promise<void> {
  expect(res.status).toBe(401);
  expect(res.headers.get('sb-error-code')).toBe(code);
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  expect(await res.json()).toEqual({ code, message });
}

describe('verify_jwt on (the default)', () => {
  it('refuses a request without Authorization or project key', async () => {
    await expectRefused(await call('echo'), 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  });

  it('refuses an Authorization that is not "Bearer <token>"', async () => {
    await expectRefused(
      await call('echo', { Authorization: `Basic ${stackConfig.anonKey}` }),
      'UNAUTHORIZED_INVALID_JWT_FORMAT',
      "Auth header is not 'Bearer {token}'",
    );
  });

  it('refuses a garbage token', async () => {
    await expectRefused(
      await call('echo', { Authorization: 'Bearer not-a-jwt' }),
      'UNAUTHORIZED_INVALID_JWT_FORMAT',
      'Invalid JWT',
    );
  });

  it('refuses an HS256 token signed with another secret, or expired', async () => {
    const forged = await new SignJWT({ role: 'authenticated', sub: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    await expectRefused(
      await call('echo', { Authorization: `Bearer ${forged}` }),
      'UNAUTHORIZED_LEGACY_JWT',
      'Invalid JWT',
    );
    const expired = await signUserJwt(undefined, {}, -3600);
    await expectRefused(
      await call('echo', { Authorization: `Bearer ${expired}` }),
      'UNAUTHORIZED_LEGACY_JWT',
      'Invalid JWT',
    );
  });

  it("refuses an ES256 token from a key that is not the project's", async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ role: 'authenticated', sub: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: 'not-ours' })
      .setExpirationTime('1h')
      .sign(privateKey);
    await expectRefused(
      await call('echo', { Authorization: `Bearer ${foreign}` }),
      'UNAUTHORIZED_ASYMMETRIC_JWT',
      'Invalid JWT',
    );
  });

  it('refuses a token with an algorithm the platform does not take', async () => {
    const { privateKey } = await generateKeyPair('PS256');
    const ps = await new SignJWT({ role: 'authenticated' }).setProtectedHeader({ alg: 'PS256' }).sign(privateKey);
    await expectRefused(
      await call('echo', { Authorization: `Bearer ${ps}` }),
      'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM',
      'Unsupported JWT algorithm PS256',
    );
  });

  it('does not take a valid JWT as apikey in place of Authorization', async () => {
    await expectRefused(
      await call('echo', { apikey: stackConfig.anonKey }),
      'UNAUTHORIZED_NO_AUTH_HEADER',
      'Missing authorization header',
    );
  });

  it('accepts user tokens (HS256 and the ES256 signing key) and the project keys', async () => {
    const hs = await signUserJwt();
    const es = await (
      await import('../../src/keys.ts')
    )
      .createKeys(stackConfig)
      .then((k) => k.signAccessToken({ sub: 'u', role: 'authenticated' }, 600));
    const accepted: Record<string, string>[] = [
      { Authorization: `Bearer ${hs}` },
      { Authorization: `Bearer ${es}` },
      { Authorization: `Bearer ${stackConfig.anonKey}` },
      { Authorization: `Bearer ${stackConfig.serviceRoleKey}` },
      // New API keys pass on either header (docs: "verify_jwt accepts publishable and secret keys on either header").
      { apikey: stackConfig.publishableKey },
      { apikey: stackConfig.secretKey },
      { Authorization: `Bearer ${stackConfig.publishableKey}` },
    ];
    for (const headers of accepted) {
      const res = await call('echo', headers);
      expect(res.status, JSON.stringify(headers).slice(0, 60)).toBe(200);
      await res.body?.cancel();
    }
  });

  it("lets OPTIONS through unverified to the function's own preflight answer", async () => {
    const res = await call(
      'cors',
      { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-preflight-by')).toBe('function');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(await res.text()).toBe('ok');
  });
});

describe('verify_jwt off', () => {
  it('reaches the function without any credentials, and with a bad token as sent', async () => {
    const bare = await call('no-verify');
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual({ reached: true, authorization: null });
    const bad = await call('no-verify', { Authorization: 'Bearer garbage' });
    expect(await bad.json()).toEqual({ reached: true, authorization: 'Bearer garbage' });
  });
});

describe('no CORS from the platform', () => {
  it("adds no CORS headers to a function's answer or to platform errors", async () => {
    const token = await signUserJwt();
    const plain = await call('echo', { Authorization: `Bearer ${token}`, Origin: 'https://app.example' });
    expect(plain.status).toBe(200);
    expect([...plain.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    await plain.body?.cancel();
    const refused = await call('echo', { Origin: 'https://app.example' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    await refused.body?.cancel();
    const preflightOfOther = await call(
      'echo',
      { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(preflightOfOther.headers.get('access-control-allow-origin')).toBeNull();
    await preflightOfOther.body?.cancel();
  });

  it("passes the function's own CORS headers through", async () => {
    const res = await call('cors', { Authorization: `Bearer ${stackConfig.anonKey}` });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(await res.json()).toEqual({ hello: 'cors' });
  });
});
