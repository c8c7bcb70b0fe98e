import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Notifications (docs/decisions/0025-notifications.md): rows the database writes when something happens, one per
 * recipient, read and marked read by that recipient only. The events run as the app runs them (a signed-in user's
 * request: SET LOCAL ROLE authenticated + JWT claims, committed), and each test then takes every notification the
 * people of this file have, so "nothing for anyone else" is checked along with what is there.
 */
let c: pg.Client;
let customer: string;
let designer: string;
let rival: string;
let stranger: string;
let people: string[] = [];

beforeAll(async () => {
  c = await connect();
  customer = await createUser(c, { role: 'customer', fullName: 'Olivia Owner', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Ada Designer', subscribe: 'designer' });
  rival = await createUser(c, { role: 'designer', fullName: 'Rex Rival', subscribe: 'designer' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Sam Stranger', subscribe: 'client' });
  people = [customer, designer, rival, stranger];
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});
beforeEach(async () => {
  await c.query('delete from public.notifications where user_id = any($1::uuid[])', [people]);
});

/** Inserts a notification as the database's own triggers would (as postgres), for the RLS tests. */
async function plant(userId: string, title = 'Ada sent you a message'): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.notifications (user_id, kind, title, link) values ($1, 'message_received', $2, '/dashboard/customer') returning id`,
    [userId, title],
  );
  return r.rows[0]!.id;
}

describe('notifications: who reads and changes them', () => {
  it('each user reads their own notifications only', async () => {
    const mine = await plant(customer, 'Mine');
    await plant(designer, 'Theirs');
    const { data, error } = await (await clientAs(customer)).from('notifications').select('id, title');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: mine, title: 'Mine' }]);
  });

  it('a client cannot insert one, for themselves or anyone else', async () => {
    const client = await clientAs(customer);
    for (const target of [customer, designer]) {
      const { error } = await client
        .from('notifications')
        .insert({ user_id: target, kind: 'bid_received', title: 'Forged', link: '/dashboard/customer' });
      expect(error?.code).toBe('42501');
    }
    const { rows } = await c.query('select 1 from public.notifications where title = $1', ['Forged']);
    expect(rows).toEqual([]);
  });

  it('a client cannot delete one, even their own', async () => {
    const mine = await plant(customer);
    const { error } = await (await clientAs(customer)).from('notifications').delete().eq('id', mine);
    expect(error?.code).toBe('42501');
    expect((await c.query('select 1 from public.notifications where id = $1', [mine])).rowCount).toBe(1);
  });

  it('the recipient sets read_at and nothing else; nobody else sets even that', async () => {
    const mine = await plant(customer);
    const own = await clientAs(customer);
    for (const change of [
      { title: 'Changed' },
      { link: '/pricing' },
      { user_id: designer },
      { kind: 'bid_accepted' },
      { data: { forged: true } },
    ]) {
      const { error } = await own.from('notifications').update(change).eq('id', mine);
      expect(error?.code, JSON.stringify(change)).toBe('42501');
    }
    const other = await (
      await clientAs(designer)
    )
      .from('notifications')
      .update({ read_at: '2026-11-27T10:00:00Z' })
      .eq('id', mine)
      .select('id');
    expect(other).toMatchObject({ error: null, data: [] });
    const read = await own
      .from('notifications')
      .update({ read_at: '2026-11-27T10:00:00Z' })
      .eq('id', mine)
      .select('id');
    expect(read).toMatchObject({ error: null, data: [{ id: mine }] });
    const row = await c.query<{ title: string; read_at: Date }>(
      'select title, read_at from public.notifications where id = $1',
      [mine],
    );
    expect(row.rows[0]).toEqual({ title: 'Ada sent you a message', read_at: new Date('2026-11-27T10:00:00Z') });
  });

  it('unread_notification_count counts the caller’s unread ones; mark_notifications_read marks the given ones or all', async () => {
    const a = await plant(customer, 'A');
    const b = await plant(customer, 'B');
    await plant(customer, 'C');
    const theirs = await plant(designer, 'D');
    const client = await clientAs(customer);
    expect((await client.rpc('unread_notification_count')).data).toBe(3);

    // Someone else's id is ignored, not marked.
    expect((await client.rpc('mark_notifications_read', { ids: [a, theirs] })).data).toBe(1);
    expect((await client.rpc('unread_notification_count')).data).toBe(2);
    // Marking again changes nothing (the first read_at stays).
    expect((await client.rpc('mark_notifications_read', { ids: [a, b] })).data).toBe(1);
    expect((await client.rpc('mark_notifications_read')).data).toBe(1);
    expect((await client.rpc('unread_notification_count')).data).toBe(0);

    const designerClient = await clientAs(designer);
    expect((await designerClient.rpc('unread_notification_count')).data).toBe(1);
    const { rows } = await c.query('select read_at from public.notifications where id = $1', [theirs]);
    expect(rows).toEqual([{ read_at: null }]);
  });

  it('anonymous callers get nothing: no rows, no count, no marking', async () => {
    await plant(customer);
    for (const [text, params] of [
      ['select count(*) from public.notifications', []],
      ['select public.unread_notification_count()', []],
      ['select public.mark_notifications_read()', []],
    ] as const) {
      const r = await asActor(c, { role: 'anon' }, text, [...params]);
      expect(r.code, text).toBe('42501');
    }
    const r = await asActor(c, user(customer), 'select public.unread_notification_count() as n');
    expect(r.rows).toEqual([{ n: 1 }]);
  });

  it('the database refuses a link that is not an app path and a title over 200 characters', async () => {
    for (const [title, link] of [
      ['Fine', 'https://evil.example/'],
      ['Fine', '//evil.example/'],
      ['x'.repeat(201), '/dashboard/customer'],
    ]) {
      await expect(
        c.query(`insert into public.notifications (user_id, kind, title, link) values ($1, 'bid_received', $2, $3)`, [
          customer,
          title,
          link,
        ]),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });
});
