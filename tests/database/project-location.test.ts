import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * An open project shows designers its place and distance, never the location as typed (people type addresses) or
 * its coordinates, until the project is theirs (docs/security.md, "Open projects' location"). As an attacker
 * with supabase-js: a paid designer, unrelated, having bid or nudged, tries every route (select=location,
 * select=*, filters and orders on the coordinates, embeds, the open_projects rpc, project_locations); the
 * customer reads their text; the assigned designer reads it once assigned and no longer once unassigned.
 */
let c: pg.Client;
const u = {} as Record<'customer' | 'stranger' | 'bidder' | 'loser' | 'nudged', string>;
const PLACE = { id: 'gn:990000301', label: 'Lochside Bay, XQ', latitude: -60.2, longitude: 20.4 };
const ADDRESS = '12 Kelp Street, Lochside Bay';
/** A device's exact position, 3 miles or so from the place: the nearest city names it. */
const DEVICE = { latitude: -60.2431234, longitude: 20.4567891 };
let typed: string; // a project whose location is an address that names no place exactly, placed by the customer
let located: string; // a project whose location is the device's 'lat,lng'
let bid: string;
let loserBid: string;

beforeAll(async () => {
  c = await connect();
  u.customer = await createUser(c, { role: 'customer', fullName: 'Lou Owner', subscribe: 'client' });
  u.stranger = await createUser(c, { role: 'designer', fullName: 'Sly Stranger', subscribe: 'designer' });
  u.bidder = await createUser(c, { role: 'designer', fullName: 'Bix Bidder', subscribe: 'designer' });
  u.loser = await createUser(c, { role: 'designer', fullName: 'Lee Loser', subscribe: 'designer' });
  u.nudged = await createUser(c, { role: 'designer', fullName: 'Nell Nudged', subscribe: 'designer' });
  await c.query(
    `insert into public.places (id, kind, name, region, country, label, latitude, longitude, population)
     values ($1, 'city', 'Lochside Bay', 'XQ', 'XQ', $2, $3, $4, 5000) on conflict (id) do nothing`,
    [PLACE.id, PLACE.label, PLACE.latitude, PLACE.longitude],
  );
  // As the app creates them: the customer's own insert through the API (location as typed, the place chosen).
  const customer = await clientAs(u.customer);
  const created = await customer
    .from('projects')
    .insert({
      customer_id: u.customer,
      title: 'Loch room',
      description: 'A room by the bay to furnish',
      location: ADDRESS,
      place_id: PLACE.id,
      space_size: 300,
      budget: 4000,
    })
    .select('id')
    .single();
  expect(created.error).toBeNull();
  typed = created.data!.id;
  const device = await customer
    .from('projects')
    .insert({
      customer_id: u.customer,
      title: 'Loch study',
      description: 'A study by the bay to furnish',
      location: `${DEVICE.latitude},${DEVICE.longitude}`,
      space_size: 120,
      budget: 1500,
    })
    .select('id')
    .single();
  expect(device.error).toBeNull();
  located = device.data!.id;

  for (const [who, into] of [
    ['bidder', 'bid'],
    ['loser', 'loserBid'],
  ] as const) {
    const r = await (
      await clientAs(u[who])
    )
      .from('project_bids')
      .insert({ project_id: typed, designer_id: u[who], bid_amount: 900, proposal: 'Warm and light' })
      .select('id')
      .single();
    expect(r.error).toBeNull();
    if (into === 'bid') bid = r.data!.id;
    else loserBid = r.data!.id;
  }
  await c.query(`insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)`, [
    u.customer,
    u.nudged,
    typed,
  ]);
});
afterAll(async () => {
  await deleteUsers(c, Object.values(u));
  await c.query(`delete from public.places where id = $1`, [PLACE.id]);
  await c.end();
});

const as = (who: keyof typeof u): Promise<SupabaseClient> => clientAs(u[who]);

/** The location as typed that project_locations gives the caller for one project, or undefined when left out. */
async function textOf(client: SupabaseClient, project: string): Promise<string | undefined> {
  const { data, error } = await client.rpc('project_locations', { p_projects: [project] });
  expect(error).toBeNull();
  return (data as { id: string; location: string }[]).find((r) => r.id === project)?.location;
}

/** Every way a designer could ask the table for the location or the coordinates: each is refused (42501). */
async function expectNoRawRoute(client: SupabaseClient, project: string) {
  for (const columns of ['location', '*', 'id, location', 'id, latitude', 'id, longitude', 'id, title, latitude']) {
    const r = await client.from('projects').select(columns).eq('id', project);
    expect(r.error?.code, columns).toBe('42501');
    expect(r.status, columns).toBe(403);
    expect(JSON.stringify(r.data ?? null)).not.toContain('Kelp');
  }
  // Filtering or ordering on a column is reading it: range probing the coordinates is refused too.
  const probes = [
    client.from('projects').select('id').eq('id', project).gt('latitude', -61),
    client.from('projects').select('id').eq('id', project).lt('longitude', 21),
    client.from('projects').select('id').eq('id', project).ilike('location', '%Kelp%'),
    client.from('projects').select('id').eq('id', project).order('latitude'),
    client.from('projects').select('id').or('latitude.gt.-61,location.like.*Kelp*'),
  ];
  for (const r of await Promise.all(probes)) expect(r.error?.code).toBe('42501');
  // Embeds from a bid or a nudge.
  const viaBid = await client.from('project_bids').select('id, project:projects(id, location)');
  expect(viaBid.error?.code).toBe('42501');
  const viaNudge = await client.from('designer_nudges').select('id, project:projects(id, latitude, longitude)');
  expect(viaNudge.error?.code).toBe('42501');
  const viaNudgeAll = await client.from('designer_nudges').select('id, project:projects(*)');
  expect(viaNudgeAll.error?.code).toBe('42501');
  // The guarded read leaves it out.
  expect(await client.rpc('project_locations', { p_projects: [project] })).toMatchObject({ error: null, data: [] });
}

describe('a designer of an open project sees its place and distance, never the text or the coordinates', () => {
  for (const who of ['stranger', 'bidder', 'nudged'] as const) {
    it(`${who}: every route to the raw location is refused`, async () => {
      const client = await as(who);
      for (const project of [typed, located]) await expectNoRawRoute(client, project);
      // What the cards read still works: the place, not the text.
      const ok = await client
        .from('projects')
        .select('id, title, place_id, place:places(label)')
        .eq('id', typed)
        .single();
      expect(ok).toMatchObject({ error: null, data: { id: typed, place_id: PLACE.id, place: { label: PLACE.label } } });
    });
  }

  it('open_projects gives the place label and the distance, and no location or coordinates', async () => {
    const client = await as('stranger');
    const near = await client.rpc('open_projects', {
      origin_latitude: PLACE.latitude,
      origin_longitude: PLACE.longitude,
      page_size: 100,
    });
    expect(near.error).toBeNull();
    const mine = (near.data as Record<string, unknown>[]).filter((r) => r.id === typed || r.id === located);
    expect(mine).toHaveLength(2);
    for (const row of mine) {
      expect(row).toMatchObject({ place_id: PLACE.id, place_label: PLACE.label, distance_miles: 0 });
      expect(Object.keys(row)).not.toEqual(expect.arrayContaining(['location']));
      expect(row).not.toHaveProperty('latitude');
      expect(row).not.toHaveProperty('longitude');
    }
    expect(JSON.stringify(near.data)).not.toContain('Kelp');
    expect(JSON.stringify(near.data)).not.toContain(String(DEVICE.latitude));
    // Asking the rpc's result for the column: it has none.
    const named = await client.rpc('open_projects', { page_size: 100 }).select('id, location');
    expect(named.error).not.toBeNull();
    expect(named.data).toBeNull();
  });

  it("distances are measured to the place, so they cannot be trilaterated to the device's position", async () => {
    // From a point 20 miles due north of the device, the distance is the place's (rounded), not the device's.
    const client = await as('stranger');
    const north = { latitude: DEVICE.latitude + 20 / 69.09, longitude: DEVICE.longitude };
    const r = await client.rpc('open_projects', {
      origin_latitude: north.latitude,
      origin_longitude: north.longitude,
      page_size: 100,
    });
    const rows = r.data as { id: string; distance_miles: number }[];
    const a = rows.find((x) => x.id === typed)!;
    const b = rows.find((x) => x.id === located)!;
    expect(b.distance_miles).toBe(a.distance_miles);
    // The database keeps the place's coordinates for the device's project (the exact ones stay in its text).
    const stored = await c.query(`select latitude, longitude, place_id from public.projects where id = $1`, [located]);
    expect(stored.rows[0]).toEqual({ latitude: PLACE.latitude, longitude: PLACE.longitude, place_id: PLACE.id });
  });

  it('open_project_count still counts what open_projects lists', async () => {
    const client = await as('stranger');
    const count = await client.rpc('open_project_count', {
      origin_latitude: PLACE.latitude,
      origin_longitude: PLACE.longitude,
    });
    expect(count.error).toBeNull();
    expect(count.data).toBeGreaterThanOrEqual(2);
  });

  it('a signed-out caller reads nothing', async () => {
    const anon = anonClient();
    expect((await anon.from('projects').select('id').eq('id', typed)).error?.code).toBe('42501');
    expect((await anon.rpc('project_locations', { p_projects: [typed] })).error?.code).toBe('42501');
    expect((await anon.rpc('open_projects', {})).error?.code).toBe('42501');
  });
});

describe('the customer, and the designer once the project is theirs, read the location as typed', () => {
  it('project_locations takes at most 100 ids and mixes in nothing of others', async () => {
    const client = await as('stranger');
    const many = Array.from({ length: 101 }, () => typed);
    expect((await client.rpc('project_locations', { p_projects: many })).error?.code).toBe('22023');
    expect(await (await as('customer')).rpc('project_locations', { p_projects: [] })).toMatchObject({ data: [] });
  });

  it('the customer reads their text; the table columns stay closed to them too', async () => {
    const client = await as('customer');
    const both = await client.rpc('project_locations', { p_projects: [typed, located] });
    expect(both.error).toBeNull();
    expect(both.data).toEqual(
      expect.arrayContaining([
        { id: typed, location: ADDRESS },
        { id: located, location: `${DEVICE.latitude},${DEVICE.longitude}` },
      ]),
    );
    expect(both.data).toHaveLength(2);
    expect((await client.from('projects').select('location').eq('id', typed)).error?.code).toBe('42501');
    // A customer's open_projects lists only their own open projects (as the table read did), without the text.
    const own = await client.rpc('open_projects', { page_size: 100 });
    expect(own.error).toBeNull();
    expect((own.data as { customer_id: string }[]).every((r) => r.customer_id === u.customer)).toBe(true);
    expect(JSON.stringify(own.data)).not.toContain('Kelp');
  });

  it("a customer's open_projects and count show no other customer's project", async () => {
    const other = await createUser(c, { role: 'customer', fullName: 'Oz Other', subscribe: 'client' });
    try {
      const client = await clientAs(other);
      const list = await client.rpc('open_projects', { page_size: 100 });
      expect(list).toMatchObject({ error: null, data: [] });
      expect(await client.rpc('open_project_count', {})).toMatchObject({ error: null, data: 0 });
      const near = await client.rpc('open_projects', {
        origin_latitude: PLACE.latitude,
        origin_longitude: PLACE.longitude,
      });
      expect(near).toMatchObject({ error: null, data: [] });
    } finally {
      await deleteUsers(c, [other]);
    }
  });

  it('the bid accepted: the assigned designer reads it, the losing bidder still does not', async () => {
    const accepted = await (await as('customer')).rpc('accept_bid', { bid_id: bid });
    expect(accepted.error).toBeNull();
    expect(await textOf(await as('bidder'), typed)).toBe(ADDRESS);
    const loser = await as('loser');
    expect(await textOf(loser, typed)).toBeUndefined();
    expect((await loser.from('projects').select('location').eq('id', typed)).error?.code).toBe('42501');
    expect(loserBid).toBeTruthy();
  });

  it('unassigned (the project reopened when the designer left), the designer reads it no more', async () => {
    // The database's own reopening (private.reopen_projects_of_leaving_user) clears designer_id; the rule follows it.
    await c.query(`update public.projects set designer_id = null, status = 'pending' where id = $1`, [typed]);
    expect(await textOf(await as('bidder'), typed)).toBeUndefined();
    // Nothing the attacker did changed the project.
    const row = await c.query(`select location, place_id from public.projects where id = $1`, [typed]);
    expect(row.rows[0]).toEqual({ location: ADDRESS, place_id: PLACE.id });
  });
});
