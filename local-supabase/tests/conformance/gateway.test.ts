import { describe, expect, it } from 'vitest';
import { API_URL, stackConfig } from '../../src/testing/index.ts';

// Hosted Supabase's gateway (Kong): key-auth on /rest/v1, /auth/v1 (with exceptions) and /realtime/v1,
// CORS for REST/Auth/Storage, none for Functions. Sources: supabase/cli templates/kong.yml,
// supabase/supabase docker/volumes/api/kong.yml, supabase.com/docs/guides/api/api-keys.

describe('gateway key-auth', () => {
  it('refuses /rest/v1 without an apikey with 401 and the Kong message', async () => {
    const res = await fetch(`${API_URL}/rest/v1/`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  });

  it('refuses an unknown apikey with 401 "Invalid API key"', async () => {
    const res = await fetch(`${API_URL}/rest/v1/`, { headers: { apikey: 'not-a-key' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  });

  it('refuses a user JWT as apikey: only the project keys are consumers', async () => {
    const res = await fetch(`${API_URL}/auth/v1/settings`, {
      headers: { apikey: stackConfig.anonKey.replace(/.$/, 'x') },
    });
    expect(res.status).toBe(401);
  });

  it('accepts the apikey as a query parameter', async () => {
    const res = await fetch(`${API_URL}/auth/v1/settings?apikey=${stackConfig.publishableKey}`);
    expect(res.status).toBe(200);
  });

  it('lets /auth/v1/.well-known/jwks.json and /auth/v1/verify through without a key', async () => {
    const jwks = await fetch(`${API_URL}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    const verify = await fetch(`${API_URL}/auth/v1/verify?token=x&type=signup`, { redirect: 'manual' });
    expect(verify.status).not.toBe(401);
  });

  it('lets third-party OAuth clients reach authorize and token without a key, but not the consent API', async () => {
    const authorize = await fetch(`${API_URL}/auth/v1/oauth/authorize?response_type=code&client_id=nope`, {
      redirect: 'manual',
    });
    expect(authorize.status).not.toBe(401);
    const token = await fetch(`${API_URL}/auth/v1/oauth/token`, { method: 'POST' });
    expect(token.status).not.toBe(401);
    const details = await fetch(`${API_URL}/auth/v1/oauth/authorizations/x`);
    expect(details.status).toBe(401);
  });

  it('does not key-check storage and functions, as hosted', async () => {
    const storage = await fetch(`${API_URL}/storage/v1/object/public/no-such-bucket/x.png`);
    expect(storage.status).not.toBe(401);
    const fn = await fetch(`${API_URL}/functions/v1/no-such-function`, { method: 'POST' });
    expect(fn.status).toBe(404);
  });

  it("answers unknown routes with Kong's 404", async () => {
    const res = await fetch(`${API_URL}/nope/v1/x`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });
});

describe('gateway key translation', () => {
  it('turns the secret key into the service role for REST (sees what anon cannot)', async () => {
    const asSecret = await fetch(`${API_URL}/auth/v1/admin/users`, {
      headers: { apikey: stackConfig.secretKey, authorization: `Bearer ${stackConfig.secretKey}` },
    });
    expect(asSecret.status).toBe(200);
    const asPublishable = await fetch(`${API_URL}/auth/v1/admin/users`, {
      headers: { apikey: stackConfig.publishableKey, authorization: `Bearer ${stackConfig.publishableKey}` },
    });
    expect(asPublishable.status).toBe(403);
  });
});

describe('gateway CORS', () => {
  it('answers REST preflight itself, allowing the headers supabase-js sends', async () => {
    const res = await fetch(`${API_URL}/rest/v1/projects`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, prefer, x-client-info',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['apikey', 'authorization', 'content-type', 'prefer', 'x-client-info'])
      expect(allowed).toContain(h);
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range and X-Supabase-Api-Version so browsers can read counts and auth error codes', async () => {
    const res = await fetch(`${API_URL}/auth/v1/settings`, {
      headers: { apikey: stackConfig.publishableKey, origin: 'http://localhost:5173' },
    });
    const exposed = res.headers.get('access-control-expose-headers')!.toLowerCase();
    expect(exposed).toContain('content-range');
    expect(exposed).toContain('x-supabase-api-version');
  });

  it('adds no CORS to functions: a preflight reaches the function (here: none exists → 404, no CORS)', async () => {
    const res = await fetch(`${API_URL}/functions/v1/no-such-function`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
