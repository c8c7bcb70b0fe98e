import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Suspension, the database's part (docs/trust-and-safety.md, "Suspended accounts"; the moderate-account function
 * adds Auth's ban): every API request of the account is refused with 403 account_suspended; their pieces leave
 * Good Stuff, their open offers are withdrawn, offers on their pieces declined, their pending projects leave the
 * open list, and the other party of each active project is told. Reinstating undoes what suspension did and only
 * that: a piece an operator hid stays hidden.
 */
// A tiny valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SUSPENDED = { code: 'account_suspended', message: 'This account is suspended.' };
let c: pg.Client;
let seller: string;
let buyer: string;
let customer: string;
let designer: string;
let operator: string;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  seller = await createUser(c, { role: 'designer', fullName: 'Sid Suspended', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bea Bystander', subscribe: 'client' });
  customer = await createUser(c, { role: 'customer', fullName: 'Cam Customer', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dot Designer', subscribe: 'designer' });
  operator = await createUser(c, { role: 'customer', fullName: 'Oz Operator' });
  people.push(seller, buyer, customer, designer, operator);
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

async function piece(owner: string, title: string): Promise<string> {
  return (
    await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition)
       values ($1, $2, 'Pine, sturdy', 'desk', 120, 'good') returning id`,
      [owner, title],
    )
  ).rows[0]!.id;
}

const offerOn = async (who: string, item: string) => {
  const r = await asActor(c, user(who), `select (public.make_offer($1, 100)).id`, [item]);
  expect(r).toMatchObject({ ok: true });
  return r.rows[0]!.id as string;
};
const statusOf = async (offer: string) =>
  (await c.query(`select status from public.offers where id = $1`, [offer])).rows[0]!.status as string;
const hidden = async (table: string, id: string) =>
  (await c.query(`select hidden_at is not null as h from public.${table} where id = $1`, [id])).rows[0]!.h as boolean;

describe('suspending a designer who sells', () => {
  it('refuses their next request, hides their pieces, ends their offers and tells their customer', async () => {
    const desk = await piece(seller, 'Pine writing desk');
    const shelf = await piece(seller, 'Pine shelf');
    const elsewhere = await piece(designer, 'Maple stool');
    const offerToThem = await offerOn(buyer, desk);
    const offerByThem = await offerOn(seller, elsewhere);
    const active = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
         values ($1, $2, 'Attic office', 'An office under the roof', 'Austin', 100, 900, 'active') returning id`,
        [customer, seller],
      )
    ).rows[0]!.id;
    // An operator already hid the shelf: reinstating must not show it.
    expect(
      await asActor(c, user(operator), `select public.moderate('piece', $1, 'hide', 'Fake photos')`, [shelf]),
    ).toMatchObject({ ok: true });

    const api = await clientAs(seller);
    expect((await api.from('projects').select('id').eq('id', active)).data).toEqual([{ id: active }]);
    // The designer lists (Available and Browse Designers) show them until they are suspended.
    const listed = async () => {
      const { data, error } = await (
        await clientAs(customer)
      ).rpc('nearby_designers', {
        page_size: 100,
        near_only: false,
      });
      expect(error).toBeNull();
      return (data as { user_id: string }[]).some((d) => d.user_id === seller);
    };
    expect(await listed()).toBe(true);

    const done = await asActor(
      c,
      user(operator),
      `select public.suspend_account($1, 'Repeated scams', 'piece', $2) as id`,
      [seller, desk],
    );
    expect(done).toMatchObject({ ok: true });

    for (const call of [
      api.from('projects').select('id'),
      api.from('catalog_items').update({ title: 'Back again' }).eq('id', desk),
      api.rpc('make_offer', { item_id: elsewhere, amount: 90 }),
    ]) {
      const { status, error } = await call;
      expect({ status, code: error?.code, message: error?.message }).toEqual({ status: 403, ...SUSPENDED });
    }
    // Storage does not run the pre-request check; its own policy refuses the account.
    const photo = `${seller}/moderation-suspended.png`;
    const upload = () =>
      api.storage.from('catalog-images').upload(photo, new Blob([PNG], { type: 'image/png' }), { upsert: true });
    expect((await upload()).error).not.toBeNull();
    expect(await hidden('catalog_items', desk)).toBe(true);
    expect([await statusOf(offerToThem), await statusOf(offerByThem)]).toEqual(['declined', 'withdrawn']);
    const paused = await c.query(
      `select user_id, title, link from public.notifications where kind = 'project_paused' and project_id = $1`,
      [active],
    );
    expect(paused.rows).toEqual([{ user_id: customer, title: '"Attic office" is paused', link: `/project/${active}` }]);
    // Others read the suspension where they can read the profile.
    const seen = await (await clientAs(customer)).from('profiles').select('suspended_at').eq('id', seller);
    expect(seen.data).toEqual([{ suspended_at: expect.any(String) }]);
    expect(await listed()).toBe(false);
    expect(
      (
        await c.query(
          `select action, subject_kind, subject_id, target_user_id from public.moderation_actions where id = $1`,
          [done.rows[0]!.id],
        )
      ).rows,
    ).toEqual([{ action: 'suspend', subject_kind: 'piece', subject_id: desk, target_user_id: seller }]);
    expect(await asActor(c, user(operator), `select public.suspend_account($1, 'Again')`, [seller])).toMatchObject({
      ok: false,
      code: '55000',
    });

    const back = await asActor(c, user(operator), `select public.reinstate_account($1, 'Appeal upheld') as id`, [
      seller,
    ]);
    expect(back).toMatchObject({ ok: true });
    const again = await api.from('projects').select('id').eq('id', active);
    expect({ status: again.status, data: again.data }).toEqual({ status: 200, data: [{ id: active }] });
    expect([await hidden('catalog_items', desk), await hidden('catalog_items', shelf)]).toEqual([false, true]);
    expect(await listed()).toBe(true);
    expect((await upload()).error).toBeNull();
    expect((await api.storage.from('catalog-images').remove([photo])).error).toBeNull();
    expect((await c.query(`select is_available from public.catalog_items where id = $1`, [desk])).rows[0]).toEqual({
      is_available: true,
    });
    expect(await asActor(c, user(operator), `select public.reinstate_account($1, 'Twice')`, [seller])).toMatchObject({
      ok: false,
      code: '55000',
    });
  });
});

describe('suspending a customer', () => {
  it('takes their pending project out of the open list until they are reinstated', async () => {
    const pending = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, space_size, budget)
         values ($1, 'Porch makeover', 'A porch that needs chairs', 'Austin', 100, 900) returning id`,
        [customer],
      )
    ).rows[0]!.id;
    const listed = async () => {
      const { data, error } = await (await clientAs(designer)).rpc('open_projects', { page_size: 100 });
      expect(error).toBeNull();
      return (data as { id: string }[]).some((p) => p.id === pending);
    };
    expect(await listed()).toBe(true);
    expect(
      await asActor(c, user(operator), `select public.suspend_account($1, 'Abusive messages')`, [customer]),
    ).toMatchObject({ ok: true });
    expect(await listed()).toBe(false);
    const own = await (await clientAs(customer)).rpc('open_projects', {});
    expect({ status: own.status, code: own.error?.code }).toEqual({ status: 403, code: 'account_suspended' });
    expect(
      await asActor(c, user(operator), `select public.reinstate_account($1, 'Cooled down')`, [customer]),
    ).toMatchObject({ ok: true });
    expect(await listed()).toBe(true);
  });

  it('is refused to non-operators, for oneself, and without a reason', async () => {
    expect(await asActor(c, user(designer), `select public.suspend_account($1, 'Competition')`, [buyer])).toMatchObject(
      {
        ok: false,
        code: '42501',
        message: 'Only Good Space operators can do this',
      },
    );
    expect(await asActor(c, user(operator), `select public.suspend_account($1, 'Oops')`, [operator])).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await asActor(c, user(operator), `select public.suspend_account($1, '  ')`, [buyer])).toMatchObject({
      ok: false,
      code: '23514',
    });
    expect((await c.query(`select suspended_at from public.profiles where id = $1`, [buyer])).rows[0]).toEqual({
      suspended_at: null,
    });
  });
});
