import { type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs } from '@good-space/local-supabase/testing';
import { actAs, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * The designer dashboard's totals and bids (20261125000300_dashboard_totals.sql, docs/decisions/0020), through
 * the API as the app calls them, over more rows than a page (24 projects, 20 bids):
 *   - open_projects / open_project_count: the 100-mile rule in the database, the list and its total agreeing;
 *   - 'My Projects (n)': a head count of projects where designer_id is the designer;
 *   - designer_bids: a designer's own bids with their status, the title of a project they lost, never others' bids.
 * Other test files run beside this one on the same database, so totals are judged where only this file's rows
 * can count: a customer sees only their own projects (RLS), and a designer's bids and projects are their own.
 */
const PAGE = 24;
const DUNEDIN = { latitude: -45.8788, longitude: 170.5028 };
const AUCKLAND = { latitude: -36.8485, longitude: 174.7633 }; // about 660 miles north of Dunedin
const GULF_OF_GUINEA = { latitude: 0, longitude: 0 }; // nothing of this file within 100 miles

let c: pg.Client;
let customer: string;
let otherCustomer: string;
let designer: string;
let rival: string;
let dunedin: string[] = [];
let auckland: string[] = [];
let assigned: string[] = [];
let lost: string;

const as = clientAs;

async function insertProjects(
  owner: string,
  n: number,
  at: { latitude: number; longitude: number } | null,
  title: string,
  extra = `'pending', null`,
): Promise<string[]> {
  // Spread over about 20 miles around `at` (0.01° of latitude is 0.7 mi), one second apart.
  const { rows } = await c.query<{ id: string }>(
    `insert into public.projects (customer_id, title, description, location, latitude, longitude, space_size, budget,
                                  status, designer_id, created_at)
     select $1, $2 || ' ' || g, 'A room to furnish on a budget', 'Somewhere', $3::float8 + (g % 15) * 0.02,
            $4::float8 + (g % 7) * 0.02, 300, 1500, ${extra}, now() - make_interval(secs => g)
       from generate_series(1, $5::int) g returning id`,
    [owner, title, at?.latitude ?? null, at?.longitude ?? null, n],
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  c = await connect();
  customer = await createUser(c, { role: 'customer', subscribe: 'client' });
  otherCustomer = await createUser(c, { role: 'customer', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', subscribe: 'designer' });
  rival = await createUser(c, { role: 'designer', subscribe: 'designer' });
  dunedin = await insertProjects(customer, 30, DUNEDIN, 'Dunedin flat');
  auckland = await insertProjects(customer, 3, AUCKLAND, 'Auckland flat');
  // 26 projects assigned to the designer (more than a page), of another customer.
  assigned = await insertProjects(otherCustomer, 26, null, 'Assigned room', `'active', '${designer}'::uuid`);
});

afterAll(async () => {
  await deleteUsers(c, [customer, otherCustomer, designer, rival]);
  await c.end();
});

/**
 * Every page of open_projects from `origin`, following the keyset cursor to the end: (distance_miles, id) from an
 * origin, (created_at, id) without one (docs/decisions/0024).
 */
async function allOpen(client: SupabaseClient, origin: { latitude: number; longitude: number } | null) {
  const ids: string[] = [];
  let after: { created_at: string; id: string; distance_miles: number | null } | null = null;
  for (let page = 0; page < 200; page++) {
    const { data, error } = await client
      .rpc('open_projects', {
        origin_latitude: origin?.latitude,
        origin_longitude: origin?.longitude,
        after_miles: after?.distance_miles ?? undefined,
        after_created_at: after?.created_at,
        after_id: after?.id,
        page_size: PAGE,
      })
      .select('id, created_at, distance_miles');
    expect(error).toBeNull();
    const rows = data as { id: string; created_at: string; distance_miles: number | null }[];
    ids.push(...rows.map((r) => r.id));
    if (rows.length < PAGE) return ids;
    after = rows.at(-1)!;
  }
  throw new Error('more than 200 pages');
}

async function openCount(client: SupabaseClient, origin: { latitude: number; longitude: number } | null) {
  const { data, error } = await client.rpc('open_project_count', {
    origin_latitude: origin?.latitude,
    origin_longitude: origin?.longitude,
  });
  expect(error).toBeNull();
  return data as number;
}

describe('open projects: the 100-mile rule and the total, in the database', () => {
  it('counts and lists, across pages, exactly the projects within 100 miles; all when none is', async () => {
    // The customer sees only their own projects: 30 in Dunedin, 3 in Auckland.
    const client = await as(customer);
    expect(await openCount(client, null)).toBe(33);
    expect(await openCount(client, DUNEDIN)).toBe(30);
    expect(await openCount(client, AUCKLAND)).toBe(3);
    // None within 100 miles of the origin: every open project is shown (docs/product.md, Limits), and counted.
    expect(await openCount(client, GULF_OF_GUINEA)).toBe(33);

    const near = await allOpen(client, DUNEDIN);
    expect(near).toHaveLength(30);
    expect(new Set(near)).toEqual(new Set(dunedin));
    expect((await allOpen(client, GULF_OF_GUINEA)).sort()).toEqual([...dunedin, ...auckland].sort());
    expect(await allOpen(client, null)).toHaveLength(33);
  });

  it('keeps projects without coordinates in the nearby list (they have no distance to exceed)', async () => {
    const [placeName] = await insertProjects(customer, 1, null, 'Somewhere flat');
    try {
      const client = await as(customer);
      expect(await openCount(client, DUNEDIN)).toBe(31);
      expect((await allOpen(client, DUNEDIN)).at(-1)).toBe(placeName);
      // A project without coordinates lies within no distance: when none with coordinates is within 100 miles,
      // every project is listed, that one last (docs/decisions/0024).
      expect(await openCount(client, GULF_OF_GUINEA)).toBe(34);
      expect((await allOpen(client, GULF_OF_GUINEA)).at(-1)).toBe(placeName);
    } finally {
      await c.query('delete from public.projects where id = $1', [placeName]);
    }
  });

  it("a designer's total equals the rows of the whole list, within one snapshot", async () => {
    const client = await as(designer);
    // Through the API: everything near Dunedin is listed, nothing from Auckland.
    const listed = await allOpen(client, DUNEDIN);
    for (const id of dunedin) expect(listed).toContain(id);
    for (const id of auckland) expect(listed).not.toContain(id);
    expect(await openCount(client, DUNEDIN)).toBeGreaterThanOrEqual(30);
    // Other files add and remove open projects meanwhile: compare list and count in one snapshot, as the designer.
    await c.query('begin isolation level repeatable read');
    try {
      await actAs(c, user(designer));
      for (const origin of [DUNEDIN, AUCKLAND, null]) {
        const args = origin ? [origin.latitude, origin.longitude] : [null, null];
        const { rows: counted } = await c.query<{ n: number }>(`select public.open_project_count($1, $2) as n`, args);
        const { rows: every } = await c.query<{ n: number }>(
          `select count(*)::int as n from public.open_projects($1, $2, page_size => 100000)`,
          args,
        );
        expect(counted[0]!.n).toBe(every[0]!.n);
      }
    } finally {
      await c.query('rollback');
    }
  });

  it('refuses an origin out of range or with one coordinate (400, 22023), and anonymous callers', async () => {
    const client = await as(designer);
    for (const args of [
      { origin_latitude: 91, origin_longitude: 0 },
      { origin_latitude: 0, origin_longitude: 181 },
      { origin_latitude: 45 },
    ]) {
      const { error, status } = await client.rpc('open_project_count', args);
      expect(status, JSON.stringify(args)).toBe(400);
      expect(error?.code).toBe('22023');
    }
    const anon = await anonClient().rpc('open_project_count', {});
    expect(anon.error?.code).toBe('42501');
  });
});

describe("'My Projects (n)': the designer's assigned projects", () => {
  it('counts every one, not a page', async () => {
    const client = await as(designer);
    const { count, error, data } = await client
      .from('projects')
      .select('id', { count: 'exact', head: true })
      .eq('designer_id', designer);
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(26);
    const page = await client
      .from('projects')
      .select('id')
      .eq('designer_id', designer)
      .range(0, PAGE - 1);
    expect(page.data).toHaveLength(PAGE);
    for (const row of page.data!) expect(assigned).toContain(row.id);
  });
});

describe("designer_bids: a designer's own bids with their status", () => {
  beforeAll(async () => {
    // The designer bids on 24 open projects in one transaction (same instant: the keyset must break the tie)...
    await c.query(
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal)
       select id, $1, 400.50, 'Warm vintage pieces' from unnest($2::uuid[]) as id`,
      [designer, dunedin.slice(0, 24)],
    );
    // ...and on one more, where the rival's bid is accepted: the designer's becomes rejected.
    lost = dunedin[29]!;
    await c.query(
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal, created_at) values
         ($1, $2, 900, 'Mine', now() + interval '1 minute'), ($1, $3, 850, 'Theirs', now() + interval '1 minute')`,
      [lost, designer, rival],
    );
    const owner = await as(customer);
    const { data: rivalBid } = await owner
      .from('project_bids')
      .select('id')
      .eq('project_id', lost)
      .eq('designer_id', rival)
      .single();
    const accepted = await owner.rpc('accept_bid', { bid_id: rivalBid!.id });
    expect(accepted.error).toBeNull();
  });

  async function allBids(client: SupabaseClient) {
    type Bid = {
      id: string;
      project_id: string;
      project_title: string;
      bid_amount: number;
      status: string;
      created_at: string;
      can_open: boolean;
    };
    const rows: Bid[] = [];
    let after: { created_at: string; id: string } | null = null;
    for (let page = 0; page < 20; page++) {
      const res = await client.rpc('designer_bids', {
        after_created_at: after?.created_at,
        after_id: after?.id,
        page_size: 20,
      });
      expect(res.error).toBeNull();
      const data = res.data as Bid[];
      rows.push(...data);
      if (data.length < 20) return rows;
      after = data.at(-1)!;
    }
    throw new Error('more than 20 pages');
  }

  it('lists every bid once, newest first, across pages, with the lost one rejected and titled', async () => {
    const client = await as(designer);
    const bids = await allBids(client);
    expect(bids).toHaveLength(25);
    expect(new Set(bids.map((b) => b.id)).size).toBe(25);
    for (let i = 1; i < bids.length; i++) {
      const [a, b] = [bids[i - 1]!, bids[i]!];
      const newer =
        Date.parse(a.created_at) > Date.parse(b.created_at) || (a.created_at === b.created_at && a.id > b.id);
      expect(newer).toBe(true);
    }
    const [newest, ...rest] = bids;
    const { rows: titled } = await c.query<{ title: string }>('select title from public.projects where id = $1', [
      lost,
    ]);
    expect(newest).toMatchObject({
      project_id: lost,
      project_title: titled[0]!.title,
      status: 'rejected',
      can_open: false,
    });
    expect(Number(newest!.bid_amount)).toBe(900);
    // The project itself is hidden from the designer now: only the function gives its title.
    expect((await client.from('projects').select('id').eq('id', lost)).data).toEqual([]);
    for (const bid of rest) expect(bid).toMatchObject({ status: 'pending', can_open: true });
    expect(new Set(rest.map((b) => b.project_id))).toEqual(new Set(dunedin.slice(0, 24)));

    // 'My Bids (n)': the head count agrees.
    const { count, error } = await client
      .from('project_bids')
      .select('id', { count: 'exact', head: true })
      .eq('designer_id', designer);
    expect(error).toBeNull();
    expect(count).toBe(25);
  });

  it("shows the winner their accepted bid, and nobody another designer's bids", async () => {
    const winner = await allBids(await as(rival));
    expect(winner).toHaveLength(1);
    expect(winner[0]).toMatchObject({ project_id: lost, status: 'accepted', can_open: true });
    expect(await allBids(await as(customer))).toEqual([]);
    // Counting someone else's bids finds none (RLS), whatever the filter says.
    const { count } = await (
      await as(rival)
    )
      .from('project_bids')
      .select('id', { count: 'exact', head: true })
      .eq('designer_id', designer);
    expect(count).toBe(0);
  });

  it('answers nothing to anonymous callers', async () => {
    const { data, error } = await anonClient().rpc('designer_bids', {});
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});
