import { afterAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  createUser,
  DEFAULT_PASSWORD,
  latestMailTo,
  signedInClient,
  sql,
  uniqueEmail,
} from '@good-space/local-supabase/testing';
import { connect, deleteUsers } from './support/pg.ts';

// supabase/config.toml [auth.email] secure_password_change (ADR 0030, docs/product.md Accounts): a stolen
// session (a copied refresh token lives on) must not be enough to change the password. A session older than a
// day needs the one-time code that GET /auth/v1/reauthenticate mails to the account's address, sent as `nonce`;
// GoTrue answers 400 reauthentication_needed without one and 422 reauthentication_not_valid for a wrong,
// spent or expired one. Sessions are aged in the database, not waited for.

const NEW_PASSWORD = 'N3w-Passw0rd-Good';
const created: string[] = [];

afterAll(async () => {
  const c = await connect();
  await deleteUsers(c, created);
  await c.end();
});

async function signedIn(): Promise<{ id: string; email: string; client: SupabaseClient }> {
  const email = uniqueEmail('reauth');
  const user = await createUser({ email });
  created.push(user.id);
  return { id: user.id, email, client: await signedInClient(email, DEFAULT_PASSWORD) };
}

/** The attacker's copied session, signed in two days ago (GoTrue counts auth.sessions.created_at). */
async function ageSessions(userId: string): Promise<void> {
  await sql(
    `update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`,
    [userId],
    'supabase_admin',
  );
}

/** Which of the two passwords signs in now (exactly one must). */
async function passwordThatSignsIn(email: string): Promise<string> {
  const working: string[] = [];
  for (const password of [DEFAULT_PASSWORD, NEW_PASSWORD]) {
    try {
      await signedInClient(email, password);
      working.push(password);
    } catch {
      // refused: not this one
    }
  }
  expect(working).toHaveLength(1);
  return working[0]!;
}

async function mailedCode(email: string): Promise<string> {
  const mail = await latestMailTo(email, 60_000, { subject: 'Confirm reauthentication' });
  return /\b(\d{6})\b/.exec(mail.Text)![1]!;
}

describe('changing the password with a session older than a day', () => {
  it('is refused without the mailed code: 400 reauthentication_needed, the old password still signs in', async () => {
    const { id, email, client } = await signedIn();
    await ageSessions(id);
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('reauthentication_needed');
    expect(error?.message).toBe('Password update requires reauthentication');
    expect(await passwordThatSignsIn(email)).toBe(DEFAULT_PASSWORD);
  });

  it('is refused with a wrong or expired code (422), and works with the code mailed to the account', async () => {
    const { id, email, client } = await signedIn();
    await ageSessions(id);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const code = await mailedCode(email);

    const wrong = await client.auth.updateUser({
      password: NEW_PASSWORD,
      nonce: code === '123456' ? '654321' : '123456',
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    expect(wrong.error?.message).toBe('Nonce has expired or is invalid');
    expect(await passwordThatSignsIn(email)).toBe(DEFAULT_PASSWORD);

    const ok = await client.auth.updateUser({ password: NEW_PASSWORD, nonce: code });
    expect(ok.error).toBeNull();
    expect(await passwordThatSignsIn(email)).toBe(NEW_PASSWORD);
  });

  it('refuses a code older than otp_expiry (an hour)', async () => {
    const { id, email, client } = await signedIn();
    await ageSessions(id);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const code = await mailedCode(email);
    await sql(
      `update auth.users set reauthentication_sent_at = now() - interval '61 minutes' where id = $1`,
      [id],
      'supabase_admin',
    );
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD, nonce: code });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('reauthentication_not_valid');
    expect(await passwordThatSignsIn(email)).toBe(DEFAULT_PASSWORD);
  });

  it('a session from a sign-in within the day (as the reset link gives) needs no code', async () => {
    const { email, client } = await signedIn();
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(error).toBeNull();
    expect(await passwordThatSignsIn(email)).toBe(NEW_PASSWORD);
  });
});
