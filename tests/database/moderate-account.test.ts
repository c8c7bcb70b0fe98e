import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  API_URL,
  createUser,
  serviceClient,
  signedInClient,
  sql,
  stackConfig,
} from '@good-space/local-supabase/testing';

/**
 * The moderate-account function on the real local stack (docs/trust-and-safety.md; ADR 0032): an operator suspends
 * an account (the database's part as the operator, then Auth's ban and the end of the person's sessions) and
 * reinstates it. Anyone else is refused and nothing changes; a bad body is a 400 with a sentence.
 */
const admin = serviceClient();
interface Person {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}
let operator: Person;
let member: Person;
let target: Person;

async function person(name: string, role: 'customer' | 'designer'): Promise<Person> {
  const u = await createUser({ metadata: { full_name: name, role } });
  return { ...u, client: await signedInClient(u.email, u.password) };
}

async function failure(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: await res.json() };
}

const suspendedAt = async (id: string) =>
  (await sql<{ s: Date | null }>(`select suspended_at as s from public.profiles where id = $1`, [id]))[0]!.s;

beforeAll(async () => {
  operator = await person('Orla Operator', 'customer');
  member = await person('Mo Member', 'customer');
  target = await person('Tad Target', 'designer');
  await sql('insert into private.operators (user_id) values ($1)', [operator.id]);
});
afterAll(async () => {
  for (const p of [operator, member, target]) if (p) await admin.auth.admin.deleteUser(p.id);
});

describe('moderate-account', () => {
  it('refuses anyone but an operator (401 signed out, 403 a member) and changes nothing', async () => {
    const body = { user_id: target.id, action: 'suspend', reason: 'Because I can' };
    const signedOut = await anonClient('legacy').functions.invoke('moderate-account', { body });
    expect(await failure(signedOut.error)).toEqual({
      status: 401,
      body: { error: 'Sign in as a Good Space operator', code: 'not_logged_in' },
    });
    const bare = await fetch(`${API_URL}/functions/v1/moderate-account`, {
      method: 'POST',
      headers: { apikey: stackConfig.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await bare.arrayBuffer();
    expect(bare.status).toBe(401);
    const byMember = await member.client.functions.invoke('moderate-account', { body });
    expect(await failure(byMember.error)).toEqual({
      status: 403,
      body: { error: 'Only Good Space operators can do this', code: 'not_operator' },
    });
    expect(await suspendedAt(target.id)).toBeNull();
    const { data } = await admin.auth.admin.getUserById(target.id);
    expect(data.user?.banned_until ?? null).toBeNull();
  });

  it('answers a bad body with 400 and a sentence', async () => {
    for (const [body, error] of [
      [{ user_id: 'nobody', action: 'suspend', reason: 'x' }, 'user_id must be the id of an account'],
      [{ user_id: target.id, action: 'ban', reason: 'x' }, "action must be 'suspend' or 'reinstate'"],
      [{ user_id: target.id, action: 'suspend', reason: ' ' }, 'Give a reason for this action'],
      [
        { user_id: target.id, action: 'suspend', reason: 'x', subject_kind: 'piece' },
        'Give both subject_kind and subject_id, or neither',
      ],
    ] as const) {
      const r = await operator.client.functions.invoke('moderate-account', { body });
      expect(await failure(r.error)).toEqual({ status: 400, body: { error, code: 'invalid_request' } });
    }
    expect(await suspendedAt(target.id)).toBeNull();
  });

  it('suspends: the database refuses the person, Auth bans them and their sessions end; reinstating lifts both', async () => {
    // The target is signed in and working before.
    expect((await target.client.from('profiles').select('id').eq('id', target.id)).data).toEqual([{ id: target.id }]);
    const suspended = await operator.client.functions.invoke('moderate-account', {
      body: { user_id: target.id, action: 'suspend', reason: 'Threatened a buyer' },
    });
    expect(suspended.error).toBeNull();
    const actionId = (suspended.data as { action_id: string }).action_id;
    expect(
      await sql(`select action, operator_id, target_user_id, reason from public.moderation_actions where id = $1`, [
        actionId,
      ]),
    ).toEqual([
      { action: 'suspend', operator_id: operator.id, target_user_id: target.id, reason: 'Threatened a buyer' },
    ]);
    expect(await suspendedAt(target.id)).not.toBeNull();

    const refused = await target.client.from('profiles').select('id');
    expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 403, code: 'account_suspended' });
    expect(await sql(`select count(*)::int as n from auth.sessions where user_id = $1`, [target.id])).toEqual([
      { n: 0 },
    ]);
    // The edge functions check tokens with Auth, which no longer knows the session.
    const token = (await target.client.auth.getSession()).data.session!.access_token;
    const checked = await admin.auth.getUser(token);
    expect({ user: checked.data.user, error: checked.error?.name }).toEqual({
      user: null,
      error: 'AuthSessionMissingError',
    });
    const banned = await admin.auth.admin.getUserById(target.id);
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 50 * 365 * 24 * 3600 * 1000);
    const signIn = await anonClient().auth.signInWithPassword({ email: target.email, password: target.password });
    expect(signIn.error?.code).toBe('user_banned');

    const reinstated = await operator.client.functions.invoke('moderate-account', {
      body: { user_id: target.id, action: 'reinstate', reason: 'Appeal upheld' },
    });
    expect(reinstated.error).toBeNull();
    expect(await suspendedAt(target.id)).toBeNull();
    const lifted = await admin.auth.admin.getUserById(target.id);
    expect(lifted.data.user!.banned_until ?? null).toBeNull();
    const back = await signedInClient(target.email, target.password);
    expect((await back.from('profiles').select('id').eq('id', target.id)).data).toEqual([{ id: target.id }]);
  });

  it('repairs Auth on a retry: a suspension Auth missed gets its ban; a reinstatement lifts a ban left behind', async () => {
    const repaired = await person('Rita Retry', 'designer');
    // The database suspended them but Auth never heard (an earlier call failed between the two).
    await sql(`update public.profiles set suspended_at = now() where id = $1`, [repaired.id]);
    const retry = await operator.client.functions.invoke('moderate-account', {
      body: { user_id: repaired.id, action: 'suspend', reason: 'Retry after a failure' },
    });
    expect(await failure(retry.error)).toEqual({
      status: 409,
      body: { error: 'This account is already suspended', code: 'refused' },
    });
    const banned = await admin.auth.admin.getUserById(repaired.id);
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now());
    expect(await sql(`select count(*)::int as n from auth.sessions where user_id = $1`, [repaired.id])).toEqual([
      { n: 0 },
    ]);

    // Banned in Auth, no longer suspended in the database: reinstating lifts the ban, whatever the database says.
    await sql(`update public.profiles set suspended_at = null where id = $1`, [repaired.id]);
    const lift = await operator.client.functions.invoke('moderate-account', {
      body: { user_id: repaired.id, action: 'reinstate', reason: 'Retry after a failure' },
    });
    expect(await failure(lift.error)).toEqual({
      status: 409,
      body: { error: 'This account is not suspended', code: 'refused' },
    });
    expect((await admin.auth.admin.getUserById(repaired.id)).data.user!.banned_until ?? null).toBeNull();
    await expect(signedInClient(repaired.email, repaired.password)).resolves.toBeDefined();
    await admin.auth.admin.deleteUser(repaired.id);
  });
});
