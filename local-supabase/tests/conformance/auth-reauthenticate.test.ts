import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';
import { DEFAULT_PASSWORD, latestMailTo, nodeOptions, uniqueEmail } from '../../src/testing/index.ts';

// GET /auth/v1/reauthenticate and the nonce a password change asks for, as supabase/auth answers them
// (internal/api/reauthenticate.go, user.go UserUpdate, mail.go sendReauthenticationOtp). The nonce is only
// asked for with [auth.email] secure_password_change on and a session older than a day, so this file runs a
// small project of its own with that setting.

const CONFIG = `project_id = "auth-reauthenticate"
[auth]
enable_anonymous_sign_ins = true
[auth.email]
secure_password_change = true
max_frequency = "1s"
`;

let project: string;
let isolated: IsolatedStack;

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'auth-reauthenticate-'));
  mkdirSync(path.join(project, 'supabase'), { recursive: true });
  writeFileSync(path.join(project, 'supabase', 'config.toml'), CONFIG);
  isolated = await startIsolatedStack({
    name: 'test-auth-reauthenticate',
    env: { SUPABASE_WORKDIR: project, LOCAL_SUPABASE_SERVICES: 'auth' },
  });
}, 120_000);

afterAll(async () => {
  await isolated?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

function client(): SupabaseClient {
  return createClient(isolated.config.apiUrl, isolated.config.anonKey, nodeOptions);
}

async function signedUp(): Promise<{ c: SupabaseClient; email: string }> {
  const c = client();
  const email = uniqueEmail('reauth');
  const { error } = await c.auth.signUp({ email, password: DEFAULT_PASSWORD });
  expect(error).toBeNull();
  return { c, email };
}

async function mailedCode(email: string): Promise<string> {
  const mail = await latestMailTo(email, 30_000, {
    inboxUrl: isolated.config.inboxUrl,
    subject: 'Confirm reauthentication',
  });
  expect(mail.HTML).not.toMatch(/href=/);
  return /Your code: (\d+)/.exec(mail.Text)![1]!;
}

/** Makes the caller's session two days old, past the day within which no nonce is asked for. */
async function ageSessions(email: string): Promise<void> {
  const db = new pg.Client({
    connectionString: isolated.config.dbUrl.replace('postgres:postgres@', 'supabase_admin:postgres@'),
  });
  await db.connect();
  try {
    await db.query(
      `update auth.sessions set created_at = now() - interval '2 days' where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
  } finally {
    await db.end();
  }
}

describe('reauthentication', () => {
  it('mails a signed-in user a code (no link) and answers with no user or session', async () => {
    const { c, email } = await signedUp();
    const { data, error } = await c.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await mailedCode(email)).toMatch(/^\d{6}$/);
  });

  it('refuses a user without an e-mail (anonymous) with 400 validation_failed', async () => {
    const c = client();
    expect((await c.auth.signInAnonymously()).error).toBeNull();
    const { error } = await c.auth.reauthenticate();
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('validation_failed');
    expect(error!.message).toBe('Reauthentication requires the user to have an email or a phone number');
  });

  it('a password change on an old session needs the mailed nonce; a wrong or reused one is 422', async () => {
    const { c, email } = await signedUp();
    await ageSessions(email);
    const missing = await c.auth.updateUser({ password: 'N3w-Passw0rd-1' });
    expect(missing.error!.status).toBe(400);
    expect(missing.error!.code).toBe('reauthentication_needed');

    expect((await c.auth.reauthenticate()).error).toBeNull();
    const nonce = await mailedCode(email);
    const wrong = await c.auth.updateUser({
      password: 'N3w-Passw0rd-1',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(wrong.error!.status).toBe(422);
    expect(wrong.error!.code).toBe('reauthentication_not_valid');
    expect(wrong.error!.message).toBe('Nonce has expired or is invalid');

    const ok = await c.auth.updateUser({ password: 'N3w-Passw0rd-1', nonce });
    expect(ok.error).toBeNull();
    const signIn = await client().auth.signInWithPassword({ email, password: 'N3w-Passw0rd-1' });
    expect(signIn.error).toBeNull();

    await ageSessions(email);
    const reused = await c.auth.updateUser({ password: 'N3w-Passw0rd-2', nonce });
    expect(reused.error!.status).toBe(422);
    expect(reused.error!.code).toBe('reauthentication_not_valid');
  });

  it('a valid nonce is spent even when the update then fails (ConfirmReauthentication comes first)', async () => {
    const { c, email } = await signedUp();
    await ageSessions(email);
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const nonce = await mailedCode(email);
    const same = await c.auth.updateUser({ password: DEFAULT_PASSWORD, nonce });
    expect(same.error!.status).toBe(422);
    expect(same.error!.code).toBe('same_password');
    const again = await c.auth.updateUser({ password: 'N3w-Passw0rd-3', nonce });
    expect(again.error!.status).toBe(422);
    expect(again.error!.code).toBe('reauthentication_not_valid');
    const old = await client().auth.signInWithPassword({ email, password: DEFAULT_PASSWORD });
    expect(old.error).toBeNull();
  });
});
