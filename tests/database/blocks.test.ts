import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/**
 * Blocking (docs/trust-and-safety.md, "Blocking"; 20261202000300_blocks.sql): the block row is the blocker's alone,
 * the blocked person never learns of it but by "You can't contact this person.", and no new contact starts between
 * the two, whichever of them blocked: conversations about pieces and their messages, nudges, offers and their
 * answers, bids and accepting them, Buy Now. What they already share stays: old messages stay readable and a project
 * they share goes on. Each call runs as the app runs it (a signed-in user's request, committed).
 */
let c: pg.Client;
let customer: string;
let designer: string;
let bystander: string;
let people: string[] = [];

const CLOSED = { ok: false, code: '42501', message: "You can't contact this person." };
const SERVICE = { role: 'service_role' } as const;

const as = (who: string, sql: string, params: unknown[] = []): Promise<Outcome> => asActor(c, user(who), sql, params);

beforeAll(async () => {
  c = await connect();
  customer = await createUser(c, { role: 'customer', fullName: 'Cora Customer', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dana Designer', subscribe: 'designer' });
  bystander = await createUser(c, { role: 'customer', fullName: 'Bo Bystander', subscribe: 'client' });
  people = [customer, designer, bystander];
  // The designer sells on Good Stuff and can take payments (sandbox).
  const account = `acct_sandbox_${crypto.randomUUID().replaceAll('-', '')}`;
  await asActor(c, SERVICE, `select public.seller_account_save($1, 'sandbox', $2)`, [designer, account]);
  await asActor(c, SERVICE, `select public.seller_account_update($1, true, true, true, true, '{}', null)`, [account]);
});
afterAll(async () => {
  await c.query(`delete from public.orders where seller_id = any($1::uuid[])`, [people]);
  await deleteUsers(c, people);
  await c.end();
});

async function block(blocker: string, blocked: string): Promise<void> {
  expect(await as(blocker, `insert into public.blocks (blocked_id) values ($1)`, [blocked])).toMatchObject({
    ok: true,
  });
}
async function unblock(blocker: string, blocked: string): Promise<void> {
  expect(await as(blocker, `delete from public.blocks where blocked_id = $1`, [blocked])).toMatchObject({
    ok: true,
    rowCount: 1,
  });
}
async function clearBlocks(): Promise<void> {
  await c.query(`delete from public.blocks where blocker_id = any($1::uuid[])`, [people]);
}

async function piece(owner = designer, title = 'Rattan armchair'): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     values ($1, $2, 'Woven seat, sturdy frame', 'chair', 120, 'good') returning id`,
    [owner, title],
  );
  return r.rows[0]!.id;
}

async function project(status: 'pending' | 'active', owner = customer, assigned: string | null = null) {
  const r = await c.query<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
     values ($1, $2, 'Sunny study', 'A calm place to work from home', 'Austin', 140, 3000, $3) returning id`,
    [owner, assigned, status],
  );
  return r.rows[0]!.id;
}

describe('the block itself', () => {
  afterEach(clearBlocks);

  it('is made with { blocked_id } alone: the blocker is the signed-in person', async () => {
    await block(customer, designer);
    expect(
      (await c.query(`select blocker_id, blocked_id from public.blocks where blocked_id = $1`, [designer])).rows,
    ).toEqual([{ blocker_id: customer, blocked_id: designer }]);
  });

  it('refuses blocking yourself, an unknown person, the same person twice, and a block made as someone else', async () => {
    expect(await as(customer, `insert into public.blocks (blocked_id) values ($1)`, [customer])).toMatchObject({
      ok: false,
      code: '23514',
      message: "You can't block yourself.",
    });
    expect(
      await as(customer, `insert into public.blocks (blocked_id) values ($1)`, [
        '00000000-0000-4000-8000-00000000dead',
      ]),
    ).toMatchObject({ ok: false, code: 'P0002', message: 'This person does not exist.' });
    await block(customer, designer);
    expect(await as(customer, `insert into public.blocks (blocked_id) values ($1)`, [designer])).toMatchObject({
      ok: false,
      code: '23505',
      message: 'You already blocked this person.',
    });
    // blocker_id is not the client's to write (a column grant), whatever the value.
    for (const blocker of [bystander, customer]) {
      expect(
        await as(customer, `insert into public.blocks (blocker_id, blocked_id) values ($1, $2)`, [blocker, bystander]),
      ).toMatchObject({ ok: false, code: '42501' });
    }
    expect(
      (await c.query(`select count(*)::int as n from public.blocks where blocked_id = $1`, [bystander])).rows[0].n,
    ).toBe(0);
  });

  it('is read and undone by the blocker only: the blocked person cannot see it, list it or delete it', async () => {
    await block(customer, designer);
    expect((await as(customer, `select blocked_id from public.blocks`)).rows).toEqual([{ blocked_id: designer }]);
    expect(await as(designer, `select * from public.blocks`)).toMatchObject({ ok: true, rows: [] });
    expect(await as(designer, `select * from public.blocked_people()`)).toMatchObject({ ok: true, rows: [] });
    expect(await as(designer, `delete from public.blocks where blocker_id = $1`, [customer])).toMatchObject({
      ok: true,
      rowCount: 0,
    });
    expect(
      (await c.query(`select count(*)::int as n from public.blocks where blocker_id = $1`, [customer])).rows[0].n,
    ).toBe(1);
    await unblock(customer, designer);
    expect((await as(customer, `select * from public.blocks`)).rows).toEqual([]);
  });

  it('blocked_people lists whom I blocked with their names, newest first, a page at a time', async () => {
    await block(customer, designer);
    await block(customer, bystander);
    const all = (await as(customer, `select user_id, full_name, blocked_at from public.blocked_people()`)).rows;
    expect(all.map((r) => [r.user_id, r.full_name])).toEqual([
      [bystander, 'Bo Bystander'],
      [designer, 'Dana Designer'],
    ]);
    const first = (await as(customer, `select user_id, blocked_at from public.blocked_people(1)`)).rows;
    expect(first.map((r) => r.user_id)).toEqual([bystander]);
    const second = await as(customer, `select user_id from public.blocked_people(1, $1)`, [first[0]!.blocked_at]);
    expect(second.rows).toEqual([{ user_id: designer }]);
    // The bystander's profile is not readable to the customer otherwise (no shared project, offer or conversation).
    expect((await as(customer, `select id from public.profiles where id = $1`, [bystander])).rows).toEqual([]);
  });

  it("block_state: 'blocked' for the blocker, 'closed' for the blocked person, 'none' for anyone else", async () => {
    const state = async (who: string, other: string) =>
      (await as(who, `select public.block_state($1) as s`, [other])).rows[0]!.s;
    expect(await state(customer, designer)).toBe('none');
    await block(customer, designer);
    expect(await state(customer, designer)).toBe('blocked');
    expect(await state(designer, customer)).toBe('closed');
    expect(await state(bystander, customer)).toBe('none');
    expect(await state(bystander, designer)).toBe('none');
    // Both ways: each sees their own block first.
    await block(designer, customer);
    expect(await state(customer, designer)).toBe('blocked');
    expect(await state(designer, customer)).toBe('blocked');
    await unblock(customer, designer);
    expect(await state(customer, designer)).toBe('closed');
  });

  it('goes with either account (on delete cascade)', async () => {
    const temp = await createUser(c, { role: 'customer', fullName: 'Tess Temporary' });
    await block(temp, designer);
    await block(customer, temp);
    await deleteUsers(c, [temp]);
    expect(
      (await c.query(`select count(*)::int as n from public.blocks where blocker_id = $1 or blocked_id = $1`, [temp]))
        .rows[0].n,
    ).toBe(0);
  });
});

// Every rule both ways: the customer blocks the designer, then the designer blocks the customer.
describe.each([
  ['the customer blocked the designer', () => [customer, designer] as const],
  ['the designer blocked the customer', () => [designer, customer] as const],
])('no new contact when %s', (_, who) => {
  beforeEach(async () => {
    const [blocker, blocked] = who();
    await block(blocker, blocked);
  });
  afterEach(clearBlocks);

  it('conversations about pieces: none new, and an old one stays readable but takes no message from either', async () => {
    const fresh = await piece();
    expect(await as(customer, `select public.start_listing_conversation($1)`, [fresh])).toMatchObject(CLOSED);
    expect(
      (await c.query(`select count(*)::int as n from public.listing_conversations where catalog_item_id = $1`, [fresh]))
        .rows[0].n,
    ).toBe(0);

    // A conversation from before the block.
    await clearBlocks();
    const old = await piece(designer, 'Cane bench');
    const conv = (await as(customer, `select (public.start_listing_conversation($1)).id as id`, [old])).rows[0]!
      .id as string;
    expect(
      await as(customer, `insert into public.listing_messages (conversation_id, body) values ($1, 'Still for sale?')`, [
        conv,
      ]),
    ).toMatchObject({ ok: true });
    const [blocker, blocked] = who();
    await block(blocker, blocked);

    // Opening it again returns it (it stays readable), with its messages, to both.
    expect(await as(customer, `select (public.start_listing_conversation($1)).id as id`, [old])).toMatchObject({
      ok: true,
      rows: [{ id: conv }],
    });
    for (const person of [customer, designer]) {
      expect(
        (await as(person, `select body from public.listing_messages where conversation_id = $1`, [conv])).rows,
      ).toEqual([{ body: 'Still for sale?' }]);
      expect(
        await as(person, `insert into public.listing_messages (conversation_id, body) values ($1, 'Hello?')`, [conv]),
      ).toMatchObject(CLOSED);
    }
  });

  it('nudges: none sent, and a pending one cannot be accepted (declining closes it)', async () => {
    const p = await project('pending');
    expect(
      await as(
        customer,
        `insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)`,
        [customer, designer, p],
      ),
    ).toMatchObject(CLOSED);

    await clearBlocks();
    const pending = (
      await as(
        customer,
        `insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3) returning id`,
        [customer, designer, await project('pending')],
      )
    ).rows[0]!.id as string;
    const [blocker, blocked] = who();
    await block(blocker, blocked);
    expect(
      await as(
        designer,
        `update public.designer_nudges set status = 'accepted', quote_amount = 900, quote_message = 'Happy to help' where id = $1`,
        [pending],
      ),
    ).toMatchObject(CLOSED);
    expect(
      await as(designer, `update public.designer_nudges set status = 'declined' where id = $1`, [pending]),
    ).toMatchObject({ ok: true, rowCount: 1 });
  });

  it('offers: none made, no counter or acceptance; withdrawing and declining stay allowed', async () => {
    const item = await piece();
    expect(await as(customer, `select public.make_offer($1, 100)`, [item])).toMatchObject(CLOSED);

    await clearBlocks();
    const open = (await as(customer, `select (public.make_offer($1, 90)).id as id`, [item])).rows[0]!.id as string;
    const other = await piece(designer, 'Teak side table');
    const countered = (await as(customer, `select (public.make_offer($1, 80)).id as id`, [other])).rows[0]!
      .id as string;
    expect(await as(designer, `select public.respond_to_offer($1, 'counter', 110)`, [countered])).toMatchObject({
      ok: true,
    });
    const [blocker, blocked] = who();
    await block(blocker, blocked);

    expect(await as(designer, `select public.respond_to_offer($1, 'counter', 110)`, [open])).toMatchObject(CLOSED);
    expect(await as(designer, `select public.respond_to_offer($1, 'accept')`, [open])).toMatchObject(CLOSED);
    expect(await as(customer, `select public.respond_to_counter($1, 'accept')`, [countered])).toMatchObject(CLOSED);
    expect((await c.query(`select status from public.offers where id = $1`, [open])).rows[0].status).toBe('open');
    expect(await as(customer, `select public.withdraw_offer($1)`, [open])).toMatchObject({ ok: true });
    expect(await as(customer, `select public.respond_to_counter($1, 'decline')`, [countered])).toMatchObject({
      ok: true,
    });
  });

  it('bids: none on the customer’s projects, and a pending one cannot be accepted', async () => {
    const p = await project('pending');
    expect(
      await as(
        designer,
        `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 800, 'A plan')`,
        [p, designer],
      ),
    ).toMatchObject(CLOSED);

    await clearBlocks();
    const earlier = await project('pending');
    const bid = (
      await as(
        designer,
        `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 800, 'A plan') returning id`,
        [earlier, designer],
      )
    ).rows[0]!.id as string;
    const [blocker, blocked] = who();
    await block(blocker, blocked);
    expect(await as(customer, `select public.accept_bid($1)`, [bid])).toMatchObject(CLOSED);
    expect((await c.query(`select status, designer_id from public.projects where id = $1`, [earlier])).rows[0]).toEqual(
      { status: 'pending', designer_id: null },
    );
  });

  it('Buy Now: the quote says blocked and no order is opened', async () => {
    const item = await piece();
    expect((await as(customer, `select public.buy_now_quote($1) as q`, [item])).rows[0]!.q).toEqual({
      can_buy: false,
      reason: 'blocked',
      amount: 120,
      offer_id: null,
    });
    expect(await asActor(c, SERVICE, `select public.order_open($1, $2, 'sandbox')`, [customer, item])).toMatchObject(
      CLOSED,
    );
    expect(
      (await c.query(`select count(*)::int as n from public.orders where catalog_item_id = $1`, [item])).rows[0].n,
    ).toBe(0);
  });

  it('a project they already share goes on: both still send project messages', async () => {
    const shared = await project('active', customer, designer);
    for (const person of [customer, designer]) {
      expect(
        await as(person, `insert into public.messages (project_id, content) values ($1, 'See you Tuesday')`, [shared]),
      ).toMatchObject({ ok: true, rowCount: 1 });
    }
  });

  it('touches nobody else: a bystander still asks, offers and buys from the designer', async () => {
    const item = await piece();
    expect(await as(bystander, `select public.start_listing_conversation($1)`, [item])).toMatchObject({ ok: true });
    expect(await as(bystander, `select public.make_offer($1, 100)`, [item])).toMatchObject({ ok: true });
    expect((await as(bystander, `select public.buy_now_quote($1) as q`, [item])).rows[0]!.q).toMatchObject({
      can_buy: true,
      reason: null,
    });
  });

  it("a third person's request learns nothing of the block: the table's own rules answer", async () => {
    const p = await project('pending');
    // The bystander posing as the designer: refused by the policy, not by the block.
    const r = await as(
      bystander,
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 800, 'A plan')`,
      [p, designer],
    );
    expect(r).toMatchObject({ ok: false, code: '42501' });
    expect(r.message).not.toBe(CLOSED.message);
  });
});

describe('unblocking', () => {
  afterEach(clearBlocks);

  it('opens contact again', async () => {
    await block(designer, customer);
    const item = await piece();
    expect(await as(customer, `select public.start_listing_conversation($1)`, [item])).toMatchObject(CLOSED);
    await unblock(designer, customer);
    expect(await as(customer, `select public.start_listing_conversation($1)`, [item])).toMatchObject({ ok: true });
    expect(await as(customer, `select public.make_offer($1, 100)`, [item])).toMatchObject({ ok: true });
  });
});
