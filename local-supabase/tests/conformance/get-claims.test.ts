import { createClient } from '@supabase/supabase-js';
import type { JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, nodeOptions, uniqueEmail } from '../../src/testing/index.ts';
import { genSigningKey, jwtHeader, startKeysProject, type KeysProject } from './signing-keys-support.ts';

// supabase-js `auth.getClaims()` against the stack (auth-js GoTrueClient.getClaims/fetchJwk): a token signed with
// an asymmetric key (ES256 or RS256) is verified in the client against /auth/v1/.well-known/jwks.json, without
// asking Auth's /user; a token whose kid the JWKS no longer lists (a revoked key) falls back to /user, which
// refuses it. Keys come from `[auth] signing_keys_path`, read at start (see signing-keys.test.ts).

let p: KeysProject;
let es: JWK & { kid: string };
let rs: JWK & { kid: string };

beforeAll(async () => {
  es = await genSigningKey('ES256');
  rs = await genSigningKey('RS256');
  p = await startKeysProject({ name: 'get-claims', keys: [es], services: 'auth' });
}, 180_000);

afterAll(async () => {
  await p?.stop();
});

/** A client whose requests are recorded (method and path), to see which calls getClaims makes. */
function recordingClient(): { client: ReturnType<typeof createClient>; calls: string[] } {
  const calls: string[] = [];
  const client = createClient(p.config.apiUrl, p.config.anonKey, {
    ...nodeOptions,
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        calls.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`);
        return fetch(input, init);
      },
    },
  });
  return { client, calls };
}

async function signUp(): Promise<{ token: string; user: string; email: string }> {
  const c = createClient(p.config.apiUrl, p.config.anonKey, nodeOptions);
  const email = uniqueEmail('claims');
  const { data, error } = await c.auth.signUp({ email, password: DEFAULT_PASSWORD });
  expect(error).toBeNull();
  return { token: data.session!.access_token, user: data.user!.id, email };
}

let esToken: string;

describe('getClaims with an ES256 signing key', () => {
  it('verifies the session locally against the JWKS: no GET /auth/v1/user', async () => {
    const { client, calls } = recordingClient();
    const email = uniqueEmail('claims');
    const { data: signed, error: signUpError } = await client.auth.signUp({ email, password: DEFAULT_PASSWORD });
    expect(signUpError).toBeNull();
    esToken = signed.session!.access_token;
    expect(jwtHeader(esToken)).toMatchObject({ alg: 'ES256', kid: es.kid });
    calls.length = 0;

    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.header).toMatchObject({ alg: 'ES256', kid: es.kid });
    expect(data!.claims).toMatchObject({ sub: signed.user!.id, email, role: 'authenticated', aud: 'authenticated' });
    expect(calls).toEqual(['GET /auth/v1/.well-known/jwks.json']);
    // The JWKS is cached: the next check makes no request at all.
    expect((await client.auth.getClaims(esToken)).error).toBeNull();
    expect(calls).toEqual(['GET /auth/v1/.well-known/jwks.json']);
    expect(calls).not.toContain('GET /auth/v1/user');
  });

  it('refuses a token whose signature does not match', async () => {
    const [h, body] = esToken.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'service_role' })).toString('base64url')}.${esToken.split('.')[2]}`;
    const { client } = recordingClient();
    const { data, error } = await client.auth.getClaims(forged);
    expect(data).toBeNull();
    expect(error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'Invalid JWT signature' });
  });
});

describe('getClaims with an RS256 signing key, the ES256 one revoked', () => {
  beforeAll(async () => {
    p.writeKeys([rs]);
    await p.restart();
  }, 120_000);

  it('verifies an RS256 session locally: no GET /auth/v1/user', async () => {
    const { token, user } = await signUp();
    expect(jwtHeader(token)).toMatchObject({ alg: 'RS256', kid: rs.kid });
    const { client, calls } = recordingClient();
    const { data, error } = await client.auth.getClaims(token);
    expect(error).toBeNull();
    expect(data!.header).toMatchObject({ alg: 'RS256', kid: rs.kid });
    expect(data!.claims).toMatchObject({ sub: user, role: 'authenticated' });
    expect(calls).toEqual(['GET /auth/v1/.well-known/jwks.json']);
  });

  it("refuses the revoked key's token: the JWKS no longer lists it and Auth refuses it", async () => {
    const { client, calls } = recordingClient();
    const { data, error } = await client.auth.getClaims(esToken);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(error!.message).toContain(`unrecognized JWT kid ${es.kid} for algorithm ES256`);
    expect(calls).toEqual(['GET /auth/v1/.well-known/jwks.json', 'GET /auth/v1/user']);
  });
});
