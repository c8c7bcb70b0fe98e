import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_URL, nodeOptions, signUserJwt, sql, stackConfig } from '../../src/testing/index.ts';
import { waitForRest } from './rest-fixture.ts';
import { wsUrl } from './realtime-support.ts';

// What hosted's gateway does with each kind of API key (docs/decisions/0037-keys-and-claims.md,
// local-supabase/README.md "Gateway"):
// - the Authorization a service is handed: Kong's expression in supabase/cli internal/start/start.go
//   (`BearerToken`) and supabase/supabase docker/volumes/api/kong-entrypoint.sh (`LUA_AUTH_EXPR`): a JWT passes,
//   `Bearer sb_…` or none is filled from the apikey header (secret → service_role JWT, publishable → anon JWT,
//   a legacy key → itself, without "Bearer "); Functions get Authorization untouched;
// - a secret key from a browser (User-Agent) is refused with 401 on every service
//   (supabase.com/docs/guides/api/api-keys: "matches on the User-Agent header").

const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SERVER_UAS = ['node', 'Deno/2.1.4', 'pg_net/0.14.0', 'curl/8.5.0', 'supabase-py/2.10.0'];
const REFUSAL = {
  message: 'Forbidden use of secret API key in browser',
  hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
};
const P = 'gw_keys';
const BUCKET = 'gw-keys-private';

beforeAll(async () => {
  await sql(`
    create or replace function public.${P}_whoami() returns text language sql stable as $$ select current_user::text $$;
    grant execute on function public.${P}_whoami() to anon, authenticated, service_role;
    insert into storage.buckets (id, name, public) values ('${BUCKET}', '${BUCKET}', false) on conflict do nothing;
  `);
  await waitForRest(`/rest/v1/rpc/${P}_whoami`);
});

afterAll(async () => {
  await sql(`drop function if exists public.${P}_whoami();`);
  const res = await fetch(`${API_URL}/storage/v1/bucket/${BUCKET}`, {
    method: 'DELETE',
    headers: { apikey: stackConfig.secretKey },
  });
  expect(res.status).toBe(200);
});

function headersOf(apikey: string | null, authorization: string | null, ua?: string): Record<string, string> {
  const h: Record<string, string> = {};
  if (apikey !== null) h.apikey = apikey;
  if (authorization !== null) h.Authorization = authorization;
  if (ua) h['User-Agent'] = ua;
  return h;
}

/** The database role REST ran the request as (or the HTTP status when refused). */
async function restRole(apikey: string, authorization: string | null): Promise<string | number> {
  const res = await fetch(`${API_URL}/rest/v1/rpc/${P}_whoami`, { headers: headersOf(apikey, authorization) });
  if (!res.ok) {
    await res.body?.cancel();
    return res.status;
  }
  return (await res.json()) as string;
}

/** Auth's admin API: 200 as service_role, 403 for another JWT, 401 when no Bearer token reached Auth. */
async function authAdmin(apikey: string, authorization: string | null): Promise<{ status: number; message: string }> {
  const res = await fetch(`${API_URL}/auth/v1/admin/users?per_page=1`, {
    headers: { ...headersOf(apikey, authorization), 'X-Supabase-Api-Version': '2024-01-01' },
  });
  const body = (await res.json()) as { msg?: string; message?: string };
  return { status: res.status, message: body.msg ?? body.message ?? '' };
}

/** Storage sees a private bucket only as service_role. */
async function storageSeesPrivateBucket(apikey: string, authorization: string | null): Promise<boolean> {
  const res = await fetch(`${API_URL}/storage/v1/bucket/${BUCKET}`, { headers: headersOf(apikey, authorization) });
  await res.body?.cancel();
  return res.status === 200;
}

/** What a verify_jwt = false function receives as Authorization. */
async function functionSees(apikey: string | null, authorization: string | null): Promise<string | null> {
  const res = await fetch(`${API_URL}/functions/v1/no-verify`, {
    method: 'POST',
    headers: headersOf(apikey, authorization),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { authorization: string | null }).authorization;
}

describe('Authorization filled from apikey, per key kind (no Authorization sent)', () => {
  const NO_BEARER = 'This endpoint requires a valid Bearer token';

  it('secret key: service_role on REST, Auth and Storage', async () => {
    expect(await restRole(stackConfig.secretKey, null)).toBe('service_role');
    expect((await authAdmin(stackConfig.secretKey, null)).status).toBe(200);
    expect(await storageSeesPrivateBucket(stackConfig.secretKey, null)).toBe(true);
  });

  it('publishable key: anon on REST, Auth and Storage', async () => {
    expect(await restRole(stackConfig.publishableKey, null)).toBe('anon');
    expect(await authAdmin(stackConfig.publishableKey, null)).toMatchObject({ status: 403 });
    expect(await storageSeesPrivateBucket(stackConfig.publishableKey, null)).toBe(false);
  });

  it('legacy anon key: copied bare, so Auth asks for a Bearer token and REST runs as anon', async () => {
    expect(await restRole(stackConfig.anonKey, null)).toBe('anon');
    expect(await authAdmin(stackConfig.anonKey, null)).toEqual({ status: 401, message: NO_BEARER });
    expect(await storageSeesPrivateBucket(stackConfig.anonKey, null)).toBe(false);
  });

  it('legacy service_role key: REST (PostgREST reads only "Bearer <jwt>") runs as anon, Auth wants a Bearer token, Storage reads the bare JWT', async () => {
    expect(await restRole(stackConfig.serviceRoleKey, null)).toBe('anon');
    expect(await authAdmin(stackConfig.serviceRoleKey, null)).toEqual({ status: 401, message: NO_BEARER });
    expect(await storageSeesPrivateBucket(stackConfig.serviceRoleKey, null)).toBe(true);
  });

  it('the MFA API without a session answers 401 "This endpoint requires a valid Bearer token" (auth-js)', async () => {
    const res = await fetch(`${API_URL}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: stackConfig.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization', message: NO_BEARER });
  });
});

describe('Authorization sent', () => {
  it('a user JWT passes untouched whatever the apikey (even the secret key)', async () => {
    const jwt = await signUserJwt();
    expect(await restRole(stackConfig.secretKey, `Bearer ${jwt}`)).toBe('authenticated');
    expect((await authAdmin(stackConfig.secretKey, `Bearer ${jwt}`)).status).toBe(403);
    expect(await storageSeesPrivateBucket(stackConfig.secretKey, `Bearer ${jwt}`)).toBe(false);
  });

  it('a legacy key as Bearer passes untouched', async () => {
    expect(await restRole(stackConfig.publishableKey, `Bearer ${stackConfig.serviceRoleKey}`)).toBe('service_role');
    expect(await restRole(stackConfig.secretKey, `Bearer ${stackConfig.anonKey}`)).toBe('anon');
  });

  it('"Bearer sb_…" is replaced by what the apikey header maps to (supabase-js sends the key as both)', async () => {
    expect(await restRole(stackConfig.secretKey, `Bearer ${stackConfig.secretKey}`)).toBe('service_role');
    expect(await restRole(stackConfig.publishableKey, `Bearer ${stackConfig.publishableKey}`)).toBe('anon');
    expect((await authAdmin(stackConfig.secretKey, `Bearer ${stackConfig.secretKey}`)).status).toBe(200);
    expect(await storageSeesPrivateBucket(stackConfig.secretKey, `Bearer ${stackConfig.secretKey}`)).toBe(true);
    // The Bearer's own key does not count: the apikey header decides.
    expect(await restRole(stackConfig.publishableKey, `Bearer ${stackConfig.secretKey}`)).toBe('anon');
    expect(await restRole(stackConfig.anonKey, `Bearer ${stackConfig.secretKey}`)).toBe('anon');
  });

  it('"Bearer sb_…" with only the ?apikey= parameter reaches Auth with no Authorization (the parameter is not read for it)', async () => {
    const res = await fetch(`${API_URL}/auth/v1/user?apikey=${stackConfig.secretKey}`, {
      headers: { Authorization: `Bearer ${stackConfig.publishableKey}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });
});

describe('Functions: Authorization untouched', () => {
  it('is neither filled from the apikey nor translated', async () => {
    expect(await functionSees(stackConfig.publishableKey, null)).toBeNull();
    expect(await functionSees(stackConfig.anonKey, null)).toBeNull();
    expect(await functionSees(stackConfig.secretKey, `Bearer ${stackConfig.secretKey}`)).toBe(
      `Bearer ${stackConfig.secretKey}`,
    );
    const jwt = await signUserJwt();
    expect(await functionSees(stackConfig.publishableKey, `Bearer ${jwt}`)).toBe(`Bearer ${jwt}`);
  });

  it('a verify_jwt function still takes supabase-js calls with the new keys (apikey only, omitApiKeyAsBearer)', async () => {
    for (const key of [stackConfig.publishableKey, stackConfig.secretKey]) {
      const client = createClient(API_URL, key, nodeOptions);
      const { error } = await client.functions.invoke('echo', { body: { hi: 1 } });
      expect(error).toBeNull();
    }
  });
});

describe('a secret key from a browser is refused with 401', () => {
  async function expectRefused(res: Response): Promise<void> {
    expect(res.status).toBe(401);
    expect(res.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
    expect(await res.json()).toEqual(REFUSAL);
  }
  const asBrowser = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${API_URL}${path}`, { ...init, headers: { 'User-Agent': BROWSER_UA, ...init.headers } });
  const secret = { apikey: stackConfig.secretKey, Authorization: `Bearer ${stackConfig.secretKey}` };

  it('on REST, Auth, Storage, Realtime broadcast and Functions (raw HTTP)', async () => {
    await expectRefused(await asBrowser(`/rest/v1/rpc/${P}_whoami`, { headers: secret }));
    await expectRefused(await asBrowser('/auth/v1/admin/users', { headers: secret }));
    await expectRefused(await asBrowser('/auth/v1/settings', { headers: { apikey: stackConfig.secretKey } }));
    await expectRefused(await asBrowser(`/storage/v1/bucket/${BUCKET}`, { headers: secret }));
    await expectRefused(
      await asBrowser('/realtime/v1/api/broadcast', {
        method: 'POST',
        headers: { ...secret, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] }),
      }),
    );
    await expectRefused(await asBrowser('/functions/v1/echo', { method: 'POST', headers: secret }));
    // Functions take a project key on either header, so a secret key sent only as Bearer is refused too.
    await expectRefused(
      await asBrowser('/functions/v1/no-verify', {
        method: 'POST',
        headers: { Authorization: `Bearer ${stackConfig.secretKey}` },
      }),
    );
    // The ?apikey= parameter counts as the key.
    await expectRefused(await asBrowser(`/auth/v1/settings?apikey=${stackConfig.secretKey}`));
  });

  it('the refusal carries CORS on REST, so the page can read it', async () => {
    const res = await asBrowser(`/rest/v1/rpc/${P}_whoami`, {
      headers: { ...secret, Origin: 'http://localhost:5173' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await expectRefused(res);
  });

  it("on Realtime's WebSocket upgrade", async () => {
    const ws = new WebSocket(wsUrl(undefined, { apikey: stackConfig.secretKey }), {
      headers: { 'User-Agent': BROWSER_UA },
    });
    const answer = await new Promise<{ status: number; code: string | undefined; body: string }>((resolve, reject) => {
      ws.once('open', () => reject(new Error('upgraded')));
      ws.once('error', () => undefined);
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, code: res.headers['sb-error-code'] as string | undefined, body }),
        );
      });
    });
    expect(answer.status).toBe(401);
    expect(answer.code).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
    expect(JSON.parse(answer.body)).toEqual(REFUSAL);
  });

  it('through supabase-js given a browser User-Agent: REST, Auth admin, Storage, Functions', async () => {
    const client = createClient(API_URL, stackConfig.secretKey, {
      ...nodeOptions,
      global: { headers: { 'User-Agent': BROWSER_UA } },
    });
    const rest = await client.rpc(`${P}_whoami`);
    expect(rest.status).toBe(401);
    expect(rest.error?.message).toBe(REFUSAL.message);
    expect(rest.error?.hint).toBe(REFUSAL.hint);
    const users = await client.auth.admin.listUsers();
    expect(users.error?.status).toBe(401);
    expect(users.error?.message).toBe(REFUSAL.message);
    const bucket = await client.storage.getBucket(BUCKET);
    expect(bucket.error?.message).toBe(REFUSAL.message);
    const fn = await client.functions.invoke('echo', { body: {} });
    expect((fn.error as { context?: Response } | null)?.context?.status).toBe(401);
  });

  it('legacy service_role and publishable keys are not refused to a browser', async () => {
    const legacy = await asBrowser(`/rest/v1/rpc/${P}_whoami`, {
      headers: { apikey: stackConfig.serviceRoleKey, Authorization: `Bearer ${stackConfig.serviceRoleKey}` },
    });
    expect(await legacy.json()).toBe('service_role');
    const publishable = await asBrowser(`/rest/v1/rpc/${P}_whoami`, {
      headers: { apikey: stackConfig.publishableKey },
    });
    expect(await publishable.json()).toBe('anon');
  });

  it("servers' User-Agents pass: Node, Deno, pg_net, curl, other SDKs", async () => {
    for (const ua of SERVER_UAS) {
      const res = await fetch(`${API_URL}/rest/v1/rpc/${P}_whoami`, {
        headers: { apikey: stackConfig.secretKey, 'User-Agent': ua },
      });
      expect(await res.json(), ua).toBe('service_role');
    }
    const fn = await fetch(`${API_URL}/functions/v1/echo`, {
      method: 'POST',
      headers: { apikey: stackConfig.secretKey, 'User-Agent': 'Deno/2.1.4' },
    });
    expect(fn.status).toBe(200);
    await fn.body?.cancel();
    const ws = new WebSocket(wsUrl(undefined, { apikey: stackConfig.secretKey }), {
      headers: { 'User-Agent': 'node' },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });
});
