import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  clientAs,
  createUser,
  extractLink,
  latestMailTo,
  signedInClient,
  uniqueEmail,
} from '@good-space/local-supabase/testing';
import { connect, deleteUsers } from './support/pg.ts';

/**
 * Unconfirmed accounts stay unlisted, read from a column of the row (20261201000100_designer_confirmed.sql,
 * docs/decisions/0030-safe-by-default.md): designer_profiles.confirmed follows the account's confirmation through
 * Auth (sign-up, the verify link), the directory reads it, and nobody sets it through the API.
 */
let c: pg.Client;
let customer: SupabaseClient;
const created: string[] = [];

beforeAll(async () => {
  c = await connect();
  const cust = await createUser({ metadata: { full_name: 'Lia Lister', role: 'customer' } });
  created.push(cust.id);
  customer = await signedInClient(cust.email, cust.password);
});

afterAll(async () => {
  await deleteUsers(c, created);
  await c.end();
});

/** Which of `ids` the customer's directory shows: Browse Designers (nearby_designers) and a direct table read. */
async function listed(ids: string[]): Promise<{ rpc: string[]; table: string[] }> {
  const page = await customer.rpc('nearby_designers', { page_size: 100, near_only: false }).select('user_id');
  expect(page.error).toBeNull();
  const direct = await customer.from('designer_profiles').select('user_id').in('user_id', ids);
  expect(direct.error).toBeNull();
  return {
    rpc: ((page.data ?? []) as { user_id: string }[]).map((r) => r.user_id).filter((id) => ids.includes(id)),
    table: (direct.data ?? []).map((r) => r.user_id),
  };
}

const flag = async (id: string): Promise<boolean | undefined> =>
  (await c.query<{ confirmed: boolean }>(`select confirmed from public.designer_profiles where user_id = $1`, [id]))
    .rows[0]?.confirmed;

describe('the confirmed flag follows the account', () => {
  it('a designer who signs up is unlisted until they follow the link in the confirmation mail, then listed', async () => {
    const email = uniqueEmail('confirming');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: 'Passw0rd-Good',
      options: { data: { full_name: 'Cora Confirming', username: 'coraconf', role: 'designer' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const id = data.user!.id;
    created.push(id);

    expect(await flag(id)).toBe(false);
    expect(await listed([id])).toEqual({ rpc: [], table: [] });

    const res = await fetch(extractLink((await latestMailTo(email, 60_000, { subject: 'Confirm your signup' })).HTML), {
      redirect: 'manual',
    });
    expect(res.status).toBe(303);

    expect(await flag(id)).toBe(true);
    expect(await listed([id])).toEqual({ rpc: [id], table: [id] });
  });

  it('an account confirmed at creation (the admin API) is listed at once; one unconfirmed later is unlisted again', async () => {
    const d = await createUser({ metadata: { full_name: 'Ada Admin', role: 'designer' } });
    created.push(d.id);
    expect(await listed([d.id])).toEqual({ rpc: [d.id], table: [d.id] });

    await c.query(`update auth.users set email_confirmed_at = null where id = $1`, [d.id]);
    expect(await flag(d.id)).toBe(false);
    expect(await listed([d.id])).toEqual({ rpc: [], table: [] });
  });

  it('an unconfirmed designer still reads their own profile', async () => {
    const d = await createUser({ confirmed: false, metadata: { full_name: 'Uma Unconfirmed', role: 'designer' } });
    created.push(d.id);
    const own = await (await clientAs(d.id)).from('designer_profiles').select('user_id, confirmed').eq('user_id', d.id);
    expect(own).toMatchObject({ error: null, data: [{ user_id: d.id, confirmed: false }] });
  });
});

describe('nobody sets the flag', () => {
  it('a signed-in unconfirmed designer cannot list themselves through the API: 42501, nothing changes', async () => {
    const d = await createUser({ confirmed: false, metadata: { full_name: 'Ivo Impostor', role: 'designer' } });
    created.push(d.id);
    const me = await clientAs(d.id);
    const before = (await c.query(`select * from public.designer_profiles where user_id = $1`, [d.id])).rows[0];

    const update = await me.from('designer_profiles').update({ confirmed: true }).eq('user_id', d.id).select();
    expect(update.error?.code).toBe('42501');
    const upsert = await me.from('designer_profiles').upsert({ user_id: d.id, username: 'ivo', confirmed: true });
    expect(upsert.error?.code).toBe('42501');

    expect((await c.query(`select * from public.designer_profiles where user_id = $1`, [d.id])).rows[0]).toEqual(
      before,
    );
    expect(await listed([d.id])).toEqual({ rpc: [], table: [] });
  });

  it('a signed-in confirmed designer cannot unlist themselves either', async () => {
    const d = await createUser({ metadata: { full_name: 'Hal Hider', role: 'designer' } });
    created.push(d.id);
    const me = await signedInClient(d.email, d.password);
    const update = await me.from('designer_profiles').update({ confirmed: false }).eq('user_id', d.id);
    expect(update.error?.code).toBe('42501');
    expect(await flag(d.id)).toBe(true);
  });

  it('a write that bypasses the grants (the service role, a definer function) gets the account’s truth', async () => {
    const d = await createUser({ confirmed: false, metadata: { full_name: 'Sam Service', role: 'designer' } });
    created.push(d.id);
    await c.query('begin');
    try {
      await c.query('set local role service_role');
      const r = await c.query<{ confirmed: boolean }>(
        `update public.designer_profiles set confirmed = true where user_id = $1 returning confirmed`,
        [d.id],
      );
      expect(r.rows).toEqual([{ confirmed: false }]);
      // a profile made again (switch_account_type deletes and inserts it) is derived the same way
      await c.query(`delete from public.designer_profiles where user_id = $1`, [d.id]);
      const again = await c.query<{ confirmed: boolean }>(
        `insert into public.designer_profiles (user_id, confirmed) values ($1, true) returning confirmed`,
        [d.id],
      );
      expect(again.rows).toEqual([{ confirmed: false }]);
    } finally {
      await c.query('rollback');
    }
  });
});
