import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';
import { anonClient, nodeOptions } from '../../src/testing/index.ts';

// Anonymous sign-in as supabase/auth answers it (internal/api/api.go signup routing, anonymous.go): on only when
// config.toml's [auth] enable_anonymous_sign_ins says so, limited by [auth.rate_limit] anonymous_users. The
// project's own config has it off (the shared stack checks that answer); a small project of this file's own
// turns it on.

const CONFIG = `project_id = "auth-anonymous"
[auth]
enable_anonymous_sign_ins = true
[auth.rate_limit]
anonymous_users = 3
`;

let project: string;
let isolated: IsolatedStack;

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'auth-anonymous-'));
  mkdirSync(path.join(project, 'supabase'), { recursive: true });
  writeFileSync(path.join(project, 'supabase', 'config.toml'), CONFIG);
  isolated = await startIsolatedStack({
    name: 'test-auth-anonymous',
    env: { SUPABASE_WORKDIR: project, LOCAL_SUPABASE_SERVICES: 'auth' },
    // Hosted's per-hour limit as configured, not the test stacks' relaxed one.
    testMode: false,
  });
}, 120_000);

afterAll(async () => {
  await isolated?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

function client() {
  return createClient(isolated.config.apiUrl, isolated.config.anonKey, nodeOptions);
}

describe('anonymous sign-in', () => {
  it('is 422 anonymous_provider_disabled when config.toml leaves it off', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('anonymous_provider_disabled');
    expect(error!.message).toBe('Anonymous sign-ins are disabled');
  });

  it('when on, signs in a user with no e-mail or identity, marked anonymous in the user and the token', async () => {
    const c = client();
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session!.token_type).toBe('bearer');
    expect(user!.is_anonymous).toBe(true);
    expect(user!.email ?? '').toBe('');
    expect(user!.role).toBe('authenticated');
    expect(user!.app_metadata).toEqual({});
    expect(user!.user_metadata).toEqual({ nickname: 'guest' });
    expect(user!.identities).toEqual([]);
    const claims = JSON.parse(Buffer.from(session!.access_token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: user!.id, role: 'authenticated', is_anonymous: true, aal: 'aal1' });
    expect(claims.amr.map((a: { method: string }) => a.method)).toEqual(['anonymous']);
    const { data: got } = await c.auth.getUser();
    expect(got.user!.id).toBe(user!.id);
  });

  it('allows anonymous_users sign-ins per hour from one address, then 429', async () => {
    // One sign-in was used above.
    expect((await client().auth.signInAnonymously()).error).toBeNull();
    expect((await client().auth.signInAnonymously()).error).toBeNull();
    const { error } = await client().auth.signInAnonymously();
    expect(error!.status).toBe(429);
    expect(error!.code).toBe('over_request_rate_limit');
  });
});
