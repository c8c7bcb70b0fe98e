import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/**
 * Blocking and the lists (docs/trust-and-safety.md, "Blocking"; 20261202000300_blocks.sql): the two people leave
 * each other's lists both ways, whoever blocked: the designers list and saved designers, Good Stuff (search, nearby,
 * the piece itself), open projects and their count. Unblocking brings everything back. A piece already talked about
 * stays readable to the buyer, so the old conversation still shows what it is about.
 */
let c: pg.Client;
let customer: string;
let designer: string;
let otherDesigner: string;
let people: string[] = [];
let designerPiece: string;
let otherPiece: string;
let openProject: string;

// A spot in the Atlantic that nothing else in the database is near (a run starts from a fresh stack anyway).
const LAT = 12.3456;
const LNG = -45.6789;
const HERE = `${LAT}, ${LNG}`;
const WORD = `zebrawood${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const as = (who: string, sql: string, params: unknown[] = []): Promise<Outcome> => asActor(c, user(who), sql, params);

beforeAll(async () => {
  c = await connect();
  customer = await createUser(c, { role: 'customer', fullName: 'Cora Customer', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dana Designer', subscribe: 'designer' });
  otherDesigner = await createUser(c, { role: 'designer', fullName: 'Olly Other', subscribe: 'designer' });
  people = [customer, designer, otherDesigner];
  await c.query(`update public.designer_profiles set location = $2 where user_id = any($1::uuid[])`, [
    [designer, otherDesigner],
    HERE,
  ]);
  const item = async (owner: string, title: string) =>
    (
      await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, condition, location)
         values ($1, $2, 'Solid and handsome', 'cabinet', 300, 'good', $3) returning id`,
        [owner, `${title} ${WORD}`, HERE],
      )
    ).rows[0]!.id;
  designerPiece = await item(designer, 'Zebrawood chest');
  otherPiece = await item(otherDesigner, 'Zebrawood box');
  openProject = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, title, description, location, space_size, budget, status)
       values ($1, 'Atlantic loft', 'A loft that needs warmth', $2, 900, 8000, 'pending') returning id`,
      [customer, HERE],
    )
  ).rows[0]!.id;
  await c.query(`insert into public.saved_designers (user_id, designer_id) values ($1, $2), ($1, $3)`, [
    customer,
    designer,
    otherDesigner,
  ]);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});
afterEach(async () => {
  await c.query(`delete from public.blocks where blocker_id = any($1::uuid[])`, [people]);
});

const ids = (o: Outcome, key = 'id') => o.rows.map((r) => r[key] as string).sort();
const sorted = (...xs: string[]) => [...xs].sort();

/** What the customer's lists show of the two designers, and what the designers' lists show of the customer. */
async function lists() {
  const designers = await as(
    customer,
    `select user_id from public.nearby_designers(page_size => 100) where user_id = any($1::uuid[])`,
    [[designer, otherDesigner]],
  );
  const designersNear = await as(
    customer,
    `select user_id from public.nearby_designers($1, $2, page_size => 100) where user_id = any($3::uuid[])`,
    [LAT, LNG, [designer, otherDesigner]],
  );
  const saved = await as(customer, `select designer_id from public.saved_designers`);
  const search = await as(customer, `select id from public.search_catalog_items(q => $1)`, [WORD]);
  const nearbyPieces = await as(
    customer,
    `select id from public.nearby_catalog_items($1, $2, within_miles => 5, page_size => 100)`,
    [LAT, LNG],
  );
  const pieces = await as(customer, `select id from public.catalog_items where id = any($1::uuid[])`, [
    [designerPiece, otherPiece],
  ]);
  const projectsOf = async (who: string) => ({
    list: ids(await as(who, `select id from public.open_projects(page_size => 100) where id = $1`, [openProject])),
    near: ids(
      await as(who, `select id from public.open_projects($1, $2, page_size => 100) where id = $3`, [
        LAT,
        LNG,
        openProject,
      ]),
    ),
  });
  // Every open project the designer sees (the seed's too): measured against the other designer's.
  const count = async (who: string) => (await as(who, `select public.open_project_count() as n`)).rows[0]!.n as number;
  // The designer's own search: the customer sells nothing, so the other direction of Good Stuff is checked below.
  return {
    designers: ids(designers, 'user_id'),
    designersNear: ids(designersNear, 'user_id'),
    saved: ids(saved, 'designer_id'),
    search: ids(search),
    nearbyPieces: ids(nearbyPieces),
    pieces: ids(pieces),
    designerSees: await projectsOf(designer),
    otherSees: await projectsOf(otherDesigner),
    countGap: (await count(otherDesigner)) - (await count(designer)),
  };
}

const everything = () => ({
  designers: sorted(designer, otherDesigner),
  designersNear: sorted(designer, otherDesigner),
  saved: sorted(designer, otherDesigner),
  search: sorted(designerPiece, otherPiece),
  nearbyPieces: sorted(designerPiece, otherPiece),
  pieces: sorted(designerPiece, otherPiece),
  designerSees: { list: [openProject], near: [openProject] },
  otherSees: { list: [openProject], near: [openProject] },
  countGap: 0,
});

const apart = () => ({
  ...everything(),
  designers: [otherDesigner],
  designersNear: [otherDesigner],
  saved: [otherDesigner],
  search: [otherPiece],
  nearbyPieces: [otherPiece],
  pieces: [otherPiece],
  designerSees: { list: [], near: [] },
  countGap: 1,
});

describe('the lists across a block', () => {
  it('show everyone to everyone without a block', async () => {
    expect(await lists()).toEqual(everything());
  });

  it.each([
    ['the customer blocked the designer', () => [customer, designer] as const],
    ['the designer blocked the customer', () => [designer, customer] as const],
  ])('leave each other out when %s, and take each other back on unblock', async (_, who) => {
    const [blocker, blocked] = who();
    expect(await as(blocker, `insert into public.blocks (blocked_id) values ($1)`, [blocked])).toMatchObject({
      ok: true,
    });
    expect(await lists()).toEqual(apart());
    expect(await as(blocker, `delete from public.blocks where blocked_id = $1`, [blocked])).toMatchObject({
      rowCount: 1,
    });
    expect(await lists()).toEqual(everything());
  });

  it("hide the customer's pieces from the designer too (Good Stuff both ways)", async () => {
    const own = (
      await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, condition, location)
         values ($1, $2, 'Old but loved', 'cabinet', 40, 'fair', $3) returning id`,
        [customer, `Zebrawood crate ${WORD}`, HERE],
      )
    ).rows[0]!.id;
    const seen = async () => ({
      search: ids(await as(designer, `select id from public.search_catalog_items(q => $1)`, [WORD])),
      row: ids(await as(designer, `select id from public.catalog_items where id = $1`, [own])),
      // The seller always sees their own.
      own: ids(await as(customer, `select id from public.catalog_items where id = $1`, [own])),
    });
    expect(await seen()).toEqual({ search: sorted(designerPiece, otherPiece, own), row: [own], own: [own] });
    await as(customer, `insert into public.blocks (blocked_id) values ($1)`, [designer]);
    expect(await seen()).toEqual({ search: sorted(designerPiece, otherPiece), row: [], own: [own] });
    await c.query(`delete from public.catalog_items where id = $1`, [own]);
  });

  it('keep a piece already talked about readable to the buyer (its conversation still shows it)', async () => {
    const talked = (
      await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, condition)
         values ($1, 'Walnut stool', 'Three legs, steady', 'chair', 60, 'good') returning id`,
        [designer],
      )
    ).rows[0]!.id;
    expect(await as(customer, `select public.start_listing_conversation($1)`, [talked])).toMatchObject({ ok: true });
    await as(designer, `insert into public.blocks (blocked_id) values ($1)`, [customer]);
    expect(
      ids(
        await as(customer, `select id from public.catalog_items where id = any($1::uuid[])`, [[talked, designerPiece]]),
      ),
    ).toEqual([talked]);
    await c.query(`delete from public.catalog_items where id = $1`, [talked]);
  });
});
