import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * The Settings switches (docs/decisions/0025-notifications.md): a signed-in user upserts their own e-mail choice per
 * kind through /rest/v1, as `set-notification-email.ts` does (on conflict (user_id, kind) update every column
 * sent), and can touch nobody else's.
 */
let c: pg.Client;
let me: string;
let other: string;

beforeAll(async () => {
  c = await connect();
  me = await createUser(c, { role: 'customer' });
  other = await createUser(c, { role: 'customer' });
});

afterAll(async () => {
  await deleteUsers(c, [me, other]);
  await c.end();
});

const choices = async (userId: string) =>
  (await c.query('select kind, email from public.notification_preferences where user_id = $1 order by kind', [userId]))
    .rows;

describe('notification_preferences through the API', () => {
  it('a user turns a kind off and on again with an upsert', async () => {
    const client = await clientAs(me);
    const off = await client
      .from('notification_preferences')
      .upsert({ user_id: me, kind: 'bid_received', email: false }, { onConflict: 'user_id,kind' });
    expect(off.error).toBeNull();
    expect(await choices(me)).toEqual([{ kind: 'bid_received', email: false }]);
    const on = await client
      .from('notification_preferences')
      .upsert({ user_id: me, kind: 'bid_received', email: true }, { onConflict: 'user_id,kind' });
    expect(on.error).toBeNull();
    expect(await choices(me)).toEqual([{ kind: 'bid_received', email: true }]);
  });

  it("refuses another user's choice (42501) and changes nothing", async () => {
    await c.query(
      `insert into public.notification_preferences (user_id, kind, email) values ($1, 'bid_received', true)`,
      [other],
    );
    const client = await clientAs(me);
    const { error } = await client
      .from('notification_preferences')
      .upsert({ user_id: other, kind: 'bid_received', email: false }, { onConflict: 'user_id,kind' });
    expect(error?.code).toBe('42501');
    expect(await choices(other)).toEqual([{ kind: 'bid_received', email: true }]);
  });

  it('refuses a kind that is not one (23514)', async () => {
    const client = await clientAs(me);
    const { error } = await client
      .from('notification_preferences')
      .upsert({ user_id: me, kind: 'made_up', email: false }, { onConflict: 'user_id,kind' });
    expect(error?.code).toBe('23514');
  });
});
