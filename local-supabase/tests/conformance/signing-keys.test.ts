import { writeFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../src/stack.ts';
import { DEFAULT_PASSWORD, nodeOptions, uniqueEmail } from '../../src/testing/index.ts';
import { RawSocket, joinPayload, wsUrl } from './realtime-support.ts';
import { genSigningKey, jwtHeader, startKeysProject, withServices, type KeysProject } from './signing-keys-support.ts';

// `[auth] signing_keys_path` as the Supabase CLI reads it (supabase/cli pkg/config/config.go, internal/gen/
// signingkeys) and the key states of hosted's JWT signing keys (supabase.com/docs/guides/auth/signing-keys):
// the key that signs is "in use", a key still listed after it is "previously used" (its tokens keep verifying),
// a key taken out of the file is "revoked" (REST, Storage, Realtime and Functions refuse its tokens, each with
// its own hosted refusal). The legacy JWT secret keeps verifying HS256 tokens. The file is read at start, so each
// step rewrites it and restarts the stack on the same data.

const MIGRATION = `
create function public.whoami() returns text language sql stable as $$ select auth.uid()::text $$;
grant execute on function public.whoami() to anon, authenticated;
`;
const ECHO = `Deno.serve(() => new Response('ok'));\n`;

let p: KeysProject;
let k1: JWK & { kid: string };
let k2: JWK & { kid: string };
/** A user's access token from a sign-in while K1 signed. */
let k1Token: string;
let k1User: string;
let legacyToken: string;

beforeAll(async () => {
  k1 = await genSigningKey('ES256');
  k2 = await genSigningKey('RS256');
  p = await startKeysProject({
    name: 'signing-keys',
    keys: [k1],
    services: 'auth,rest,storage,realtime,functions',
    migration: MIGRATION,
    functions: { echo: ECHO },
  });
  legacyToken = await new SignJWT({ role: 'authenticated', sub: '7f0c1a52-8d0e-4b8e-9a53-3c8d3f1d2b11' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(p.config.jwtSecret));
}, 180_000);

afterAll(async () => {
  await p?.stop();
});

async function signUp(): Promise<{ token: string; user: string }> {
  const c = createClient(p.config.apiUrl, p.config.anonKey, nodeOptions);
  const { data, error } = await c.auth.signUp({ email: uniqueEmail('keys'), password: DEFAULT_PASSWORD });
  expect(error).toBeNull();
  return { token: data.session!.access_token, user: data.user!.id };
}

async function jwks(): Promise<JWK[]> {
  const res = await fetch(`${p.config.apiUrl}/auth/v1/.well-known/jwks.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: JWK[] }).keys;
}

const PRIVATE = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function publicOf(k: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = k;
  return { ...pub, use: 'sig', key_ops: ['verify'] };
}

const bearer = (token: string) => ({ apikey: p.config.anonKey, Authorization: `Bearer ${token}` });

async function rest(token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${p.config.apiUrl}/rest/v1/rpc/whoami`, { method: 'POST', headers: bearer(token) });
  return { status: res.status, body: await res.json() };
}

async function storage(token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${p.config.apiUrl}/storage/v1/bucket`, { headers: bearer(token) });
  return { status: res.status, body: await res.json() };
}

async function functions(token: string): Promise<{ status: number; body: string; code: string | null }> {
  const res = await fetch(`${p.config.apiUrl}/functions/v1/echo`, { method: 'POST', headers: bearer(token) });
  return { status: res.status, body: await res.text(), code: res.headers.get('sb-error-code') };
}

let topicN = 0;
/** Joins a channel with `token`; returns the join reply. */
async function realtimeJoin(token: string): Promise<Record<string, unknown>> {
  const sock = await RawSocket.open(wsUrl(p.config.apiUrl, { apikey: p.config.anonKey }));
  try {
    const topic = `realtime:keys-${++topicN}`;
    sock.send(['j', 'j', topic, 'phx_join', joinPayload([], token)]);
    return (await sock.expect(topic, 'phx_reply', 'j'))[4];
  } finally {
    sock.close();
  }
}

/** Joins with `joinToken`, then sends `token` as the channel's new access_token; returns the system error, if any. */
async function realtimeRefresh(joinToken: string, token: string): Promise<Record<string, unknown> | null> {
  const sock = await RawSocket.open(wsUrl(p.config.apiUrl, { apikey: p.config.anonKey }));
  try {
    const topic = `realtime:keys-${++topicN}`;
    sock.send(['j', 'j', topic, 'phx_join', joinPayload([], joinToken)]);
    expect((await sock.expect(topic, 'phx_reply', 'j'))[4].status).toBe('ok');
    sock.send(['j', 'r', topic, 'access_token', { access_token: token }]);
    // A ping after it: its reply proves the access_token was handled (nothing is sent back when it is accepted).
    sock.send([null, 'ping', 'phoenix', 'heartbeat', {}]);
    await sock.expect('phoenix', 'phx_reply', 'ping');
    const system = sock.frames.find((f) => Array.isArray(f) && f[2] === topic && f[3] === 'system') as
      | [unknown, unknown, string, string, Record<string, unknown>]
      | undefined;
    return system ? system[4] : null;
  } finally {
    sock.close();
  }
}

async function expectAcceptedEverywhere(token: string, sub: string | null): Promise<void> {
  expect(await rest(token)).toEqual({ status: 200, body: sub });
  expect((await storage(token)).status).toBe(200);
  expect((await realtimeJoin(token)).status).toBe('ok');
  expect(await realtimeRefresh(token, token)).toBeNull();
  expect(await functions(token)).toMatchObject({ status: 200, body: 'ok' });
}

describe('an ES256 key file', () => {
  it('signs new sessions with the first key (its kid and alg in the header)', async () => {
    const { token, user } = await signUp();
    expect(jwtHeader(token)).toEqual({ alg: 'ES256', kid: k1.kid, typ: 'JWT' });
    k1Token = token;
    k1User = user;
  });

  it('publishes the public part only, with use "sig" and key_ops ["verify"]', async () => {
    const keys = await jwks();
    expect(keys).toEqual([publicOf(k1)]);
    for (const k of keys) for (const member of PRIVATE) expect(k).not.toHaveProperty(member);
  });

  it("is accepted by REST, Storage, Realtime and Functions, as is the legacy secret's HS256", async () => {
    await expectAcceptedEverywhere(k1Token, k1User);
    await expectAcceptedEverywhere(legacyToken, '7f0c1a52-8d0e-4b8e-9a53-3c8d3f1d2b11');
  });
});

describe('rotation: an RS256 key put first, K1 still listed (previously used)', () => {
  beforeAll(async () => {
    p.writeKeys([k2, k1]);
    await p.restart();
  }, 120_000);

  it('signs new sessions with the RS256 key', async () => {
    const { token, user } = await signUp();
    expect(jwtHeader(token)).toEqual({ alg: 'RS256', kid: k2.kid, typ: 'JWT' });
    await expectAcceptedEverywhere(token, user);
  });

  it('publishes both public parts, in file order, without any private member', async () => {
    const keys = await jwks();
    expect(keys).toEqual([publicOf(k2), publicOf(k1)]);
    for (const k of keys) for (const member of PRIVATE) expect(k).not.toHaveProperty(member);
  });

  it("keeps accepting K1's tokens everywhere, and the legacy HS256 ones", async () => {
    await expectAcceptedEverywhere(k1Token, k1User);
    await expectAcceptedEverywhere(legacyToken, '7f0c1a52-8d0e-4b8e-9a53-3c8d3f1d2b11');
  });
});

describe('a keys file the stack cannot use', () => {
  beforeAll(async () => {
    await p.stack.stop();
  });

  async function startError(): Promise<string> {
    const err = await withServices('auth', () => startStack(p.config, () => undefined)).then(
      (s) => s.stop().then(() => null),
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    return err!.message;
  }

  it('stops the start with the CLI-worded error naming the file', async () => {
    writeFileSync(p.keysFile, '{ not json');
    expect(await startError()).toMatch(/^failed to decode signing keys: failed to parse response body: /);
    p.writeKeys([{ ...k1, alg: 'HS256' }]);
    expect(await startError()).toBe('failed to decode signing keys: key 0: alg must be one of [RS256 ES256]');
    p.writeKeys([{ ...k1, key_ops: ['verify'] }]);
    expect(await startError()).toMatch(/^failed to decode signing keys: no signing key detected in .*signing_keys\.json/);
    const { kid: _kid, ...noKid } = k1;
    p.writeKeys([noKid]);
    expect(await startError()).toMatch(/^failed to decode signing keys: key 0: missing kid/);
    const missing = { ...p.config, signingKeysPath: `${p.keysFile}.missing` };
    const err = await startStack(missing, () => undefined).catch((e: unknown) => e as Error);
    expect((err as Error).message).toBe(`failed to read signing keys: open ${p.keysFile}.missing: no such file or directory`);
  });
});

describe('revocation: K1 taken out of the file', () => {
  let k2Token: string;

  beforeAll(async () => {
    p.writeKeys([k2]);
    await p.restart();
    k2Token = (await signUp()).token;
  }, 120_000);

  it('no longer publishes K1', async () => {
    expect(await jwks()).toEqual([publicOf(k2)]);
  });

  it("is refused by REST with PostgREST's 401", async () => {
    expect(await rest(k1Token)).toEqual({
      status: 401,
      body: { code: 'PGRST301', details: null, hint: null, message: 'No suitable key or wrong key type' },
    });
  });

  it("is refused by Storage with storage-api's 400 Unauthorized", async () => {
    const res = await storage(k1Token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
  });

  it("is refused by Realtime on join and on an access_token refresh, naming the kid it cannot find", async () => {
    const signer = `Failed to generate JWT signer for key ID (kid) "${k1.kid}", check your JWT secret or JWKS configuration`;
    expect(await realtimeJoin(k1Token)).toEqual({ status: 'error', response: { reason: `JwtSignerError: ${signer}` } });
    expect(await realtimeRefresh(k2Token, k1Token)).toMatchObject({ status: 'error', message: signer });
  });

  it("is refused by Functions' verify_jwt with UNAUTHORIZED_ASYMMETRIC_JWT", async () => {
    expect(await functions(k1Token)).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_ASYMMETRIC_JWT',
      body: JSON.stringify({ code: 'UNAUTHORIZED_ASYMMETRIC_JWT', message: 'Invalid JWT' }),
    });
  });

  it("is refused by Auth's /user with GoTrue's bad_jwt", async () => {
    const res = await fetch(`${p.config.apiUrl}/auth/v1/user`, { headers: bearer(k1Token) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error_code: 'bad_jwt',
      msg: `invalid JWT: unable to parse or verify signature, token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${k1.kid} for algorithm ES256`,
    });
  });

  it('keeps accepting the in-use key and the legacy HS256 secret', async () => {
    await expectAcceptedEverywhere(k2Token, jwtPayloadSub(k2Token));
    await expectAcceptedEverywhere(legacyToken, '7f0c1a52-8d0e-4b8e-9a53-3c8d3f1d2b11');
  });
});

function jwtPayloadSub(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
}
