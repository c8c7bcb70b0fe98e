import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/**
 * 'Add to project' (docs/good-stuff.md, "Reservations and holds"): a Good Stuff piece joins an active
 * project's Items & Budget at its price (or the agreed price of its customer's or designer's accepted offer), the
 * hard cap holds, and the piece is held for that project for 7 days; deleting the item releases it.
 */
let c: pg.Client;
const conns: pg.Client[] = [];
let seller: string;
let customer: string;
let designer: string;
let otherCustomer: string;
let stranger: string;
let otherDesigner: string;
let people: string[] = [];

beforeAll(async () => {
  c = await connect();
  for (let i = 0; i < 2; i++) conns.push(await connect());
  seller = await createUser(c, { role: 'designer', fullName: 'Sally Seller', subscribe: 'designer' });
  customer = await createUser(c, { role: 'customer', fullName: 'Cora Customer', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dev Designer', subscribe: 'designer' });
  otherCustomer = await createUser(c, { role: 'customer', fullName: 'Otto Other', subscribe: 'client' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Sam Stranger', subscribe: 'client' });
  otherDesigner = await createUser(c, { role: 'designer', fullName: 'Olga Other', subscribe: 'designer' });
  people = [seller, customer, designer, otherCustomer, stranger, otherDesigner];
});
afterAll(async () => {
  await deleteUsers(c, people);
  await Promise.all([c, ...conns].map((x) => x.end()));
});

async function piece(price = 100, title = 'Opaline glass lamp'): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     values ($1, $2, 'Milk glass shade', 'lighting', $3, 'good') returning id`,
    [seller, title, price],
  );
  return r.rows[0]!.id;
}

async function project(
  owner = customer,
  budget = 1000,
  budgetType: 'soft' | 'hard' = 'soft',
  status = 'active',
  assigned: string | null = designer,
): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
     values ($1, $2, 'Living room', 'A calm room', 'Austin', 200, $3, $4, $5) returning id`,
    [owner, assigned, budget, budgetType, status],
  );
  return r.rows[0]!.id;
}

const as = (who: string, sql: string, params: unknown[] = [], conn = c): Promise<Outcome> =>
  asActor(conn, user(who), sql, params);
const add = (who: string, projectId: string, item: string, conn = c) =>
  as(
    who,
    `select (i).id, (i).name, (i).description, (i).cost, (i).catalog_item_id, (i).added_by
             from public.add_catalog_item_to_project($1, $2) i`,
    [projectId, item],
    conn,
  );
const heldUntil = async (item: string) =>
  (await c.query(`select held_until from public.catalog_items where id = $1`, [item])).rows[0]
    .held_until as Date | null;

describe('add to project', () => {
  it('the customer adds a piece: an item at its price, linked, and the piece held for 7 days', async () => {
    const p = await project();
    const item = await piece(240, 'Oval teak coffee table');
    const r = await add(customer, p, item);
    expect(r.ok).toBe(true);
    expect(r.rows[0]).toMatchObject({
      name: 'Oval teak coffee table',
      description: 'Good Stuff: Oval teak coffee table',
      cost: '240',
      catalog_item_id: item,
      added_by: customer,
    });
    expect((await c.query(`select items_total from public.projects where id = $1`, [p])).rows[0].items_total).toBe(
      '240',
    );
    const days = ((await heldUntil(item))!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // The hold's project is private: no client reads it.
    expect(await as(customer, `select * from private.catalog_holds`)).toMatchObject({ ok: false, code: '42501' });
    // The item_added notification reaches the project's designer (the existing trigger).
    const n = (await c.query(`select user_id, kind from public.notifications where project_id = $1`, [p])).rows;
    expect(n).toEqual([{ user_id: designer, kind: 'item_added' }]);
  });

  it('the assigned designer may add; others, pending and completed projects are refused', async () => {
    const p = await project();
    expect((await add(designer, p, await piece())).ok).toBe(true);
    expect(await add(stranger, p, await piece())).toMatchObject({ code: 'P0002', message: 'Project not found' });
    expect(await add(seller, p, await piece())).toMatchObject({ code: 'P0002', message: 'Project not found' });
    const pending = await project(customer, 1000, 'soft', 'pending', null);
    expect(await add(customer, pending, await piece())).toMatchObject({
      code: '55000',
      message: 'Pieces can be added to active projects only',
    });
    const done = await project(customer, 1000, 'soft', 'completed');
    expect(await add(customer, done, await piece())).toMatchObject({ code: '55000' });
    const sold = await piece();
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [sold]);
    expect(await add(customer, p, sold)).toMatchObject({ code: '55000', message: 'This piece is no longer available' });
  });

  it('a hard-cap project refuses a piece past the cap with the cap message, and nothing is held', async () => {
    const p = await project(customer, 300, 'hard');
    expect((await add(customer, p, await piece(200))).ok).toBe(true);
    const tooMuch = await piece(150, 'Leather club chair');
    expect(await add(designer, p, tooMuch)).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Cannot add item: Would exceed hard budget cap of $300',
    });
    expect(await heldUntil(tooMuch)).toBeNull();
    expect((await c.query(`select items_total from public.projects where id = $1`, [p])).rows[0].items_total).toBe(
      '200',
    );
  });

  it('a piece held for one project is refused to another and to the same one again; offers are refused too', async () => {
    const mine = await project();
    const theirs = await project(otherCustomer, 1000, 'soft', 'active', otherDesigner);
    const item = await piece();
    expect((await add(customer, mine, item)).ok).toBe(true);
    expect(await add(otherCustomer, theirs, item)).toMatchObject({
      code: '55000',
      message: 'This piece is held for another project',
    });
    expect(await add(designer, mine, item)).toMatchObject({
      code: '23505',
      message: 'This piece is already in this project',
    });
    expect(await as(stranger, `select public.make_offer($1, 50)`, [item])).toMatchObject({
      code: '55000',
      message: 'This piece is held for a project',
    });
  });

  it('deleting the item releases the hold; another project may then add the piece', async () => {
    const mine = await project();
    const theirs = await project(otherCustomer, 1000, 'soft', 'active', otherDesigner);
    const item = await piece();
    const added = await add(customer, mine, item);
    const del = await as(customer, `delete from public.project_items where id = $1`, [added.rows[0]!.id]);
    expect(del).toMatchObject({ ok: true, rowCount: 1 });
    expect(await heldUntil(item)).toBeNull();
    expect((await add(otherCustomer, theirs, item)).ok).toBe(true);
  });

  it('deleting the project releases the hold', async () => {
    const mine = await project();
    const item = await piece();
    await add(customer, mine, item);
    await c.query(`delete from public.projects where id = $1`, [mine]);
    expect(await heldUntil(item)).toBeNull();
    expect(
      (await c.query(`select count(*)::int as n from private.catalog_holds where catalog_item_id = $1`, [item])).rows[0]
        .n,
    ).toBe(0);
  });

  it('a hold lapses after 7 days: another project may take it, and removing the first item leaves the new hold', async () => {
    const mine = await project();
    const theirs = await project(otherCustomer, 1000, 'soft', 'active', otherDesigner);
    const item = await piece();
    const first = await add(customer, mine, item);
    await c.query(
      `update private.catalog_holds set held_until = now() - interval '1 second' where catalog_item_id = $1`,
      [item],
    );
    await c.query(`update public.catalog_items set held_until = now() - interval '1 second' where id = $1`, [item]);
    expect((await add(otherCustomer, theirs, item)).ok).toBe(true);
    const newHold = await heldUntil(item);
    expect(newHold!.getTime()).toBeGreaterThan(Date.now());
    await as(customer, `delete from public.project_items where id = $1`, [first.rows[0]!.id]);
    expect(await heldUntil(item)).toEqual(newHold);
    // The job clears lapsed holds from the piece.
    await c.query(
      `update private.catalog_holds set held_until = now() - interval '1 second' where catalog_item_id = $1`,
      [item],
    );
    await c.query(`select private.expire_market()`);
    expect(await heldUntil(item)).toBeNull();
  });

  it('a piece reserved by the project customer’s accepted offer joins at the agreed price; others are refused', async () => {
    const mine = await project();
    const theirs = await project(otherCustomer, 1000, 'soft', 'active', otherDesigner);
    const item = await piece(100, 'Cane daybed');
    const o = await as(customer, `select (public.make_offer($1, 70)).id`, [item]);
    await as(seller, `select public.respond_to_offer($1, 'counter', 80)`, [o.rows[0]!.id]);
    await as(customer, `select public.respond_to_counter($1, 'accept')`, [o.rows[0]!.id]);
    expect(await add(otherCustomer, theirs, item)).toMatchObject({ code: '55000', message: 'This piece is reserved' });
    // The project's designer adds it for the customer: the counter's $80.
    const r = await add(designer, mine, item);
    expect(r.rows[0]).toMatchObject({ cost: '80.00' });
  });

  it('a price lowered below the agreed offer is the cost the project records, as Buy Now would charge', async () => {
    const mine = await project();
    const item = await piece(100, 'Rattan screen');
    const o = await as(customer, `select (public.make_offer($1, 90)).id`, [item]);
    await as(seller, `select public.respond_to_offer($1, 'accept')`, [o.rows[0]!.id]);
    await c.query(`update public.catalog_items set price = 75 where id = $1`, [item]);
    const r = await add(customer, mine, item);
    expect(r.rows[0]).toMatchObject({ cost: '75' });
  });

  it('two projects adding the same piece at once: one wins', async () => {
    const mine = await project();
    const theirs = await project(otherCustomer, 1000, 'soft', 'active', otherDesigner);
    const item = await piece();
    const results = await Promise.all([
      add(customer, mine, item, conns[0]),
      add(otherCustomer, theirs, item, conns[1]),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      code: '55000',
      message: 'This piece is held for another project',
    });
    const items = (
      await c.query(`select count(*)::int as n from public.project_items where catalog_item_id = $1`, [item])
    ).rows[0].n;
    expect(items).toBe(1);
  });

  const liveHolds = async (projectId: string) =>
    (
      await c.query(
        `select count(*)::int as n from private.catalog_holds where project_id = $1 and held_until > now()`,
        [projectId],
      )
    ).rows[0].n as number;
  const itemCount = async (projectId: string) =>
    (await c.query(`select count(*)::int as n from public.project_items where project_id = $1`, [projectId])).rows[0]
      .n as number;

  it('a project holds at most 10 pieces: the 11th is refused with the limit in its words, and nothing changes', async () => {
    const p = await project(customer, 100_000);
    for (let k = 0; k < 10; k++) expect((await add(k % 2 ? designer : customer, p, await piece())).ok).toBe(true);
    const eleventh = await piece();
    const r = await add(customer, p, eleventh);
    expect(r).toMatchObject({
      ok: false,
      code: 'P0001',
      message:
        'This project already holds 10 pieces, the most a project can hold at once. Remove one from its items, or wait for a hold to end, to add another.',
    });
    expect(await itemCount(p)).toBe(10);
    expect(await liveHolds(p)).toBe(10);
    expect(await heldUntil(eleventh)).toBeNull();
    // Another project is unaffected; a lapsed hold no longer counts.
    const theirs = await project(otherCustomer, 1000, 'soft', 'active', otherDesigner);
    expect((await add(otherCustomer, theirs, eleventh)).ok).toBe(true);
    await c.query(
      `update private.catalog_holds set held_until = now() - interval '1 second'
        where catalog_item_id = (select catalog_item_id from private.catalog_holds where project_id = $1 limit 1)`,
      [p],
    );
    expect((await add(customer, p, await piece())).ok).toBe(true);
  });

  it('removing and re-adding a piece keeps the first hold’s end; after it ended the piece joins unheld', async () => {
    const p = await project();
    const item = await piece();
    const first = await add(customer, p, item);
    const end = await heldUntil(item);
    expect(end).not.toBeNull();
    // Pretend the hold started 3 days ago: its end is 4 days away.
    await c.query(
      `update private.catalog_holds set held_until = held_until - interval '3 days' where catalog_item_id = $1`,
      [item],
    );
    await c.query(
      `update private.catalog_hold_history set held_until = held_until - interval '3 days' where catalog_item_id = $1`,
      [item],
    );
    await c.query(`update public.catalog_items set held_until = held_until - interval '3 days' where id = $1`, [item]);
    const shortened = await heldUntil(item);
    await as(customer, `delete from public.project_items where id = $1`, [first.rows[0]!.id]);
    expect(await heldUntil(item)).toBeNull();
    // The designer re-adds it: the hold resumes with the first end, not 7 new days.
    expect((await add(designer, p, item)).ok).toBe(true);
    expect(await heldUntil(item)).toEqual(shortened);
    // The first hold has ended (within the last 7 days): re-added, the piece joins the items but is not held.
    const again = (
      await c.query(`select id from public.project_items where project_id = $1 and catalog_item_id = $2`, [p, item])
    ).rows[0].id as string;
    expect(await as(designer, `delete from public.project_items where id = $1`, [again])).toMatchObject({
      rowCount: 1,
    });
    await c.query(
      `update private.catalog_hold_history set held_until = now() - interval '1 day' where catalog_item_id = $1`,
      [item],
    );
    expect((await add(customer, p, item)).ok).toBe(true);
    expect(await heldUntil(item)).toBeNull();
    expect(await liveHolds(p)).toBe(0);
    // 7 days after the first hold ended, the project may hold it again for 7 days.
    const third = (
      await c.query(`select id from public.project_items where project_id = $1 and catalog_item_id = $2`, [p, item])
    ).rows[0].id as string;
    expect(await as(customer, `delete from public.project_items where id = $1`, [third])).toMatchObject({
      rowCount: 1,
    });
    await c.query(
      `update private.catalog_hold_history set held_until = now() - interval '8 days' where catalog_item_id = $1`,
      [item],
    );
    expect((await add(customer, p, item)).ok).toBe(true);
    const days = ((await heldUntil(item))!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    // Nobody reads the history.
    expect(await as(customer, `select * from private.catalog_hold_history`)).toMatchObject({
      ok: false,
      code: '42501',
    });
  });

  it('the customer and the designer adding the 10th and 11th piece at once: exactly one is held', async () => {
    const p = await project(customer, 100_000);
    for (let k = 0; k < 9; k++) expect((await add(customer, p, await piece())).ok).toBe(true);
    const [a, b] = [await piece(), await piece()];
    const results = await Promise.all([add(customer, p, a, conns[0]), add(designer, p, b, conns[1])]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: 'P0001' });
    expect(await liveHolds(p)).toBe(10);
    expect(await itemCount(p)).toBe(10);
  });

  it('clients cannot set the link, the reservation or the hold themselves', async () => {
    const mine = await project();
    const item = await piece();
    const forged = await as(
      customer,
      `insert into public.project_items (project_id, name, cost, added_by, catalog_item_id) values ($1, 'X', 1, $2, $3)`,
      [mine, customer, item],
    );
    expect(forged).toMatchObject({ ok: false, code: '42501' });
    for (const col of ['reserved_until', 'held_until', 'saved_count']) {
      const r = await as(seller, `update public.catalog_items set ${col} = null where id = $1`, [item]);
      expect(r).toMatchObject({ ok: false, code: '42501' });
    }
  });
});
