import { type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * Locations as places and the distance reads (20261126000200_place_columns.sql, docs/decisions/0024-places.md),
 * through /rest/v1 as the app calls them, with row-level security on.
 *
 * Everything here lies in the South Pacific around Point Nemo, the point of the oceans farthest from land, so no
 * city of the gazetteer, no seeded row and nothing other test files create comes within hundreds of miles: the
 * head of every nearest-first list is this file's own rows. The few places it needs are inserted here (as
 * postgres, the way the loader writes them) with ids and labels no real place has.
 */
const NEMO = { latitude: -48.8767, longitude: -123.3933 };
const MILE_DEGREES = 180 / Math.PI / 3959; // a mile of latitude, in degrees (R = 3,959 mi)
/** A point `miles` due north of NEMO (on a meridian the great-circle distance is exactly the latitude's). */
const north = (miles: number) => ({ latitude: NEMO.latitude + miles * MILE_DEGREES, longitude: NEMO.longitude });
/** 120 miles south of NEMO: every row of this file lies more than 100 miles away. */
const SOUTH = { latitude: NEMO.latitude - 120 * MILE_DEGREES, longitude: NEMO.longitude };
const latLng = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(7)},${p.longitude.toFixed(7)}`;

const PLACES = [
  // Two places of one label: the more populous wins an exact label.
  { id: 'gn:990000001', name: 'Nemoville', label: 'Nemoville, XQ', at: north(10), population: 5000, kind: 'city' },
  { id: 'gn:990000002', name: 'Nemoville', label: 'Nemoville, XQ', at: north(30), population: 100, kind: 'city' },
  {
    id: 'gn:990000003',
    name: 'Saint-Étienne-de-Nemo',
    label: 'Saint-Étienne-de-Nemo, XQ',
    at: north(60),
    population: 900,
    kind: 'city',
  },
  { id: 'zip:00042', name: '00042', label: '00042 · Nemoville, XQ', at: north(12), population: 40, kind: 'zip' },
] as const;
/** Named by rows before it exists: placed by private.place_unplaced() once inserted. */
const LATE = { id: 'gn:990000004', name: 'Late Harbor', label: 'Late Harbor, XQ', at: north(200), population: 10 };

let c: pg.Client;
const users: string[] = [];
let customer: string;
let otherCustomer: string;
let designer: string;

async function insertPlace(p: {
  id: string;
  name: string;
  label: string;
  at: { latitude: number; longitude: number };
  population: number;
  kind?: string;
}) {
  await c.query(
    `insert into public.places (id, kind, name, region, country, label, latitude, longitude, population)
     values ($1, $2, $3, 'XQ', 'XQ', $4, $5, $6, $7)`,
    [p.id, p.kind ?? 'city', p.name, p.label, p.at.latitude, p.at.longitude, p.population],
  );
}

async function newUser(role: 'customer' | 'designer', subscribe?: 'client' | 'designer') {
  const id = await createUser(c, { role, subscribe });
  users.push(id);
  return id;
}

/** An available designer at `location` (any text; 'lat,lng' gives exact coordinates). */
async function designerAt(location: string | null, availability = 'available') {
  const id = await newUser('designer');
  await c.query(`update public.designer_profiles set location = $2, availability_status = $3 where user_id = $1`, [
    id,
    location,
    availability,
  ]);
  return id;
}

beforeAll(async () => {
  c = await connect();
  for (const p of PLACES) await insertPlace(p);
  customer = await newUser('customer', 'client');
  otherCustomer = await newUser('customer', 'client');
  designer = await newUser('designer', 'designer');
});

afterAll(async () => {
  await deleteUsers(c, users);
  await c.query(`delete from public.places where id = any($1)`, [[...PLACES.map((p) => p.id), LATE.id]]);
  await c.end();
});

const row = async (sql: string, params: unknown[]) => (await c.query(sql, params)).rows[0] as Record<string, unknown>;

describe('the trigger keeps location, place_id and coordinates true', () => {
  it('a chosen place sets the coordinates, and the label when no location is given', async () => {
    const client = await clientAs(customer);
    const { error } = await client
      .from('customer_profiles')
      .update({ place_id: 'gn:990000003', location: null })
      .eq('user_id', customer);
    expect(error).toBeNull();
    const got = await row(
      `select location, place_id, latitude, longitude from public.customer_profiles where user_id = $1`,
      [customer],
    );
    expect(got).toEqual({
      location: 'Saint-Étienne-de-Nemo, XQ',
      place_id: 'gn:990000003',
      latitude: PLACES[2].at.latitude,
      longitude: PLACES[2].at.longitude,
    });
    // A location typed beside the place is kept as typed.
    await client
      .from('customer_profiles')
      .update({ place_id: 'gn:990000001', location: 'Nemoville' })
      .eq('user_id', customer);
    expect(
      await row(`select location, place_id, latitude from public.customer_profiles where user_id = $1`, [customer]),
    ).toEqual({ location: 'Nemoville', place_id: 'gn:990000001', latitude: PLACES[0].at.latitude });
  });

  it("a 'lat,lng' location keeps its exact coordinates and names the nearest city (within 50 miles)", async () => {
    const at = north(25); // 15 miles from the bigger Nemoville, 5 from the smaller one
    const id = await designerAt(latLng(at));
    expect(
      await row(`select place_id, latitude, longitude from public.designer_profiles where user_id = $1`, [id]),
    ).toEqual({ place_id: 'gn:990000002', latitude: Number(at.latitude.toFixed(7)), longitude: at.longitude });
    // More than 50 miles from any place: coordinates, no place.
    const far = north(-300);
    await c.query(`update public.designer_profiles set location = $2 where user_id = $1`, [id, latLng(far)]);
    expect(await row(`select place_id, latitude from public.designer_profiles where user_id = $1`, [id])).toEqual({
      place_id: null,
      latitude: Number(far.latitude.toFixed(7)),
    });
    // Out of the directory's lists below, which judge this file's designers only.
    await c.query(`update public.designer_profiles set availability_status = 'unavailable' where user_id = $1`, [id]);
  });

  it('a label typed exactly (case, accents and punctuation aside) is that place; the most populous of a label wins', async () => {
    const client = await clientAs(customer);
    for (const [typed, place] of [
      ['saint etienne de nemo xq', 'gn:990000003'],
      ['NEMOVILLE, XQ', 'gn:990000001'],
      ['00042', 'zip:00042'],
    ] as const) {
      const { error } = await client
        .from('customer_profiles')
        .update({ location: typed, place_id: null })
        .eq('user_id', customer);
      expect(error).toBeNull();
      const got = await row(`select location, place_id, latitude from public.customer_profiles where user_id = $1`, [
        customer,
      ]);
      const expected = PLACES.find((p) => p.id === place)!;
      expect(got, typed).toEqual({ location: typed, place_id: place, latitude: expected.at.latitude });
    }
  });

  it("text that names no place is kept, with no place and no coordinates (the old place's are dropped)", async () => {
    const client = await clientAs(customer);
    await client.from('customer_profiles').update({ place_id: 'gn:990000001' }).eq('user_id', customer);
    const { error } = await client
      .from('customer_profiles')
      .update({ location: 'The blue house past the old mill', place_id: null })
      .eq('user_id', customer);
    expect(error).toBeNull();
    expect(
      await row(`select location, place_id, latitude, longitude from public.customer_profiles where user_id = $1`, [
        customer,
      ]),
    ).toEqual({ location: 'The blue house past the old mill', place_id: null, latitude: null, longitude: null });
    // An older client writing only the location: the place it replaces goes too.
    await client.from('customer_profiles').update({ place_id: 'gn:990000001' }).eq('user_id', customer);
    await client.from('customer_profiles').update({ location: 'Somewhere else entirely' }).eq('user_id', customer);
    expect(await row(`select place_id, latitude from public.customer_profiles where user_id = $1`, [customer])).toEqual(
      { place_id: null, latitude: null },
    );
  });

  it('a project posted with only a place takes its label; a listing with a label is placed', async () => {
    const client = await clientAs(customer);
    const { data, error } = await client
      .from('projects')
      .insert({
        customer_id: customer,
        title: 'Placed room',
        description: 'A room placed by its place id',
        place_id: 'gn:990000001',
        space_size: 200,
        budget: 900,
        status: 'pending',
      })
      .select('id, place_id')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ place_id: 'gn:990000001' });
    // The location as typed and the coordinates are no API columns (docs/decisions/0030-safe-by-default.md).
    expect(await client.rpc('project_locations', { p_projects: [data!.id] })).toMatchObject({
      data: [{ id: data!.id, location: 'Nemoville, XQ' }],
    });
    const stored = await c.query(`select location, latitude, longitude from public.projects where id = $1`, [data!.id]);
    expect(stored.rows[0]).toEqual({
      location: 'Nemoville, XQ',
      latitude: PLACES[0].at.latitude,
      longitude: PLACES[0].at.longitude,
    });
    // Out of the open-project lists below, which judge the customer's own rows.
    await c.query(`delete from public.projects where customer_id = $1`, [customer]);

    const lister = await clientAs(designer);
    const item = await lister
      .from('catalog_items')
      .insert({
        designer_id: designer,
        title: 'Nemo lamp',
        description: 'Brass',
        category: 'lighting',
        price: 40,
        dimensions: '20 in',
        condition: 'Good',
        location: 'Saint-Étienne-de-Nemo, XQ',
      })
      .select('id, location, place_id, latitude')
      .single();
    expect(item.error).toBeNull();
    expect(item.data).toEqual({
      id: expect.any(String),
      location: 'Saint-Étienne-de-Nemo, XQ',
      place_id: 'gn:990000003',
      latitude: PLACES[2].at.latitude,
    });
    await c.query(`delete from public.catalog_items where id = $1`, [item.data!.id]);
  });

  it('refuses a location over 100 characters (23514), an unknown place (23503) and coordinates written by a customer', async () => {
    const client = await clientAs(customer);
    const long = 'x'.repeat(101);
    const tooLong = await client.from('customer_profiles').update({ location: long }).eq('user_id', customer);
    expect(tooLong.error?.code).toBe('23514');
    const lister = await clientAs(designer);
    const profile = await lister.from('designer_profiles').update({ location: long }).eq('user_id', designer);
    expect(profile.error?.code).toBe('23514');
    const listing = await lister.from('catalog_items').insert({
      designer_id: designer,
      title: 'Far lamp',
      description: 'Brass',
      category: 'lighting',
      price: 40,
      dimensions: '20 in',
      condition: 'Good',
      location: long,
    });
    expect(listing.error?.code).toBe('23514');
    const project = await client.from('projects').insert({
      customer_id: customer,
      title: 'Long place',
      description: 'A location too long to keep',
      location: long,
      space_size: 200,
      budget: 900,
      status: 'pending',
    });
    expect(project.error?.code).toBe('23514');

    const unknown = await client.from('customer_profiles').update({ place_id: 'gn:990999999' }).eq('user_id', customer);
    expect(unknown.error?.code).toBe('23503');
    // The coordinates of customers and listings are the database's to derive.
    const coords = await client.from('customer_profiles').update({ latitude: 1 }).eq('user_id', customer);
    expect(coords.error?.code).toBe('42501');
    expect(await row(`select location, latitude from public.customer_profiles where user_id = $1`, [customer])).toEqual(
      { location: 'Somewhere else entirely', latitude: null },
    );
  });
});

describe('private.place_unplaced()', () => {
  it('places rows whose text or coordinates name a place that arrived after them', async () => {
    const who = await newUser('customer');
    const near = await newUser('customer');
    const lister = await designerAt(LATE.label);
    await c.query(`update public.customer_profiles set location = $2 where user_id = $1`, [who, 'late harbor, xq']);
    await c.query(`update public.customer_profiles set location = $2 where user_id = $1`, [near, latLng(north(190))]);
    const {
      rows: [project],
    } = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, title, description, location, space_size, budget)
       values ($1, 'Late room', 'Posted before the place', $2, 100, 100) returning id`,
      [who, LATE.label],
    );
    const {
      rows: [item],
    } = await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition, location)
       values ($1, 'Late chair', 'Oak', 'chair', 10, '1 ft', 'Good', $2) returning id`,
      [lister, LATE.label],
    );
    // Not placed yet: the place is not there. The 'lat,lng' customer has coordinates already.
    expect(await row(`select place_id, latitude from public.customer_profiles where user_id = $1`, [who])).toEqual({
      place_id: null,
      latitude: null,
    });
    expect(
      (await row(`select place_id, latitude from public.customer_profiles where user_id = $1`, [near])).place_id,
    ).toBeNull();

    await insertPlace(LATE);
    await c.query('select private.place_unplaced()');

    const placed = (
      await c.query(
        `select 'customer' as t, place_id, latitude from public.customer_profiles where user_id = $1
       union all select 'near', place_id, latitude from public.customer_profiles where user_id = $2
       union all select 'designer', place_id, latitude from public.designer_profiles where user_id = $3
       union all select 'project', place_id, latitude from public.projects where id = $4
       union all select 'item', place_id, latitude from public.catalog_items where id = $5`,
        [who, near, lister, project!.id, item!.id],
      )
    ).rows as { t: string; place_id: string; latitude: number }[];
    expect(placed).toEqual([
      { t: 'customer', place_id: LATE.id, latitude: LATE.at.latitude },
      { t: 'near', place_id: LATE.id, latitude: Number(north(190).latitude.toFixed(7)) },
      { t: 'designer', place_id: LATE.id, latitude: LATE.at.latitude },
      { t: 'project', place_id: LATE.id, latitude: LATE.at.latitude },
      { t: 'item', place_id: LATE.id, latitude: LATE.at.latitude },
    ]);
    await c.query(`update public.designer_profiles set availability_status = 'unavailable' where user_id = $1`, [
      lister,
    ]);
  });
});

type Designer = {
  user_id: string;
  created_at: string;
  distance_miles: number | null;
  within_reach: boolean | null;
};

/** Every page of nearby_designers from `origin`, following the keyset cursor, `sizes[i]` rows on page i. */
async function designerPages(
  client: SupabaseClient,
  origin: { latitude: number; longitude: number } | null,
  sizes: number[],
  nearOnly?: boolean,
): Promise<Designer[][]> {
  const pages: Designer[][] = [];
  let last: Designer | undefined;
  for (let i = 0; i < 500; i++) {
    const size = sizes[Math.min(i, sizes.length - 1)]!;
    const { data, error } = await client
      .rpc('nearby_designers', {
        origin_latitude: origin?.latitude,
        origin_longitude: origin?.longitude,
        after_miles: last?.distance_miles ?? undefined,
        after_created_at: last?.created_at,
        after_id: last?.user_id,
        page_size: size,
        ...(nearOnly !== undefined && { near_only: nearOnly }),
      })
      .select('user_id, created_at, distance_miles, within_reach');
    expect(error).toBeNull();
    const page = data as Designer[];
    pages.push(page);
    if (page.length < size) return pages;
    last = page.at(-1);
  }
  throw new Error('more than 500 pages');
}

/** Rows strictly in the keyset order: (distance_miles, id) ascending, the rows without a distance last. */
function expectNearestFirst(rows: { id: string; distance_miles: number | null }[]) {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const before =
      b.distance_miles === null
        ? a.distance_miles !== null || a.id < b.id
        : a.distance_miles !== null &&
          (a.distance_miles < b.distance_miles || (a.distance_miles === b.distance_miles && a.id < b.id));
    expect(before, `${a.distance_miles} ${a.id} before ${b.distance_miles} ${b.id}`).toBe(true);
  }
}

describe('nearby_designers', () => {
  const near: Record<string, string> = {};
  let unplaced: string;
  let hidden: string;
  beforeAll(async () => {
    // Two at the same point (a tie the id breaks), one 100.4 miles away (shown as 100: in), one 100.6 (101: out).
    for (const [name, miles] of [
      ['d5', 5],
      ['d20a', 20],
      ['d20b', 20],
      ['d60', 60],
      ['d100', 100.4],
      ['d101', 100.6],
      ['d150', 150],
      ['d300', 300],
    ] as const) {
      near[name] = await designerAt(latLng(north(miles)));
    }
    hidden = await designerAt(latLng(north(3)), 'unavailable');
    unplaced = await designerAt('A studio nobody can place');
  });

  const ids = (names: string[]) => names.map((n) => near[n]!);
  const tie = () => [near.d20a!, near.d20b!].sort();

  it('lists those within 100 miles nearest first, then those without coordinates, across keyset pages', async () => {
    const client = await clientAs(customer);
    const pages = await designerPages(client, NEMO, [2, 2, 2, 100]);
    const rows = pages.flat();
    const placed = rows.filter((r) => r.distance_miles !== null);
    expect(placed.map((r) => r.user_id)).toEqual([near.d5, ...tie(), near.d60, near.d100]);
    expect(placed.map((r) => r.distance_miles)).toEqual([5, 20, 20, 60, 100]);
    // The tie is split across the first two pages: it comes once each, in id order.
    expect(pages[0]!.map((r) => r.user_id)).toEqual([near.d5, tie()[0]]);
    expect(rows.every((r) => r.within_reach === true)).toBe(true);
    expect(rows.map((r) => r.user_id)).toContain(unplaced);
    expect(rows.map((r) => r.user_id)).not.toContain(hidden);
    for (const far of ids(['d101', 'd150', 'd300'])) expect(rows.map((r) => r.user_id)).not.toContain(far);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
    expectNearestFirst(rows.map((r) => ({ id: r.user_id, distance_miles: r.distance_miles })));
  });

  it('lists every designer nearest first, the far ones too, when asked for all (Browse Designers)', async () => {
    const client = await clientAs(customer);
    const pages = await designerPages(client, NEMO, [3, 3, 3, 100], false);
    const rows = pages.flat();
    expect(rows.slice(0, 8).map((r) => r.user_id)).toEqual([
      near.d5,
      ...tie(),
      near.d60,
      near.d100,
      near.d101,
      near.d150,
      near.d300,
    ]);
    expect(rows.slice(0, 8).map((r) => r.distance_miles)).toEqual([5, 20, 20, 60, 100, 101, 150, 300]);
    expect(rows.every((r) => r.within_reach === false)).toBe(true);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
    expectNearestFirst(rows.map((r) => ({ id: r.user_id, distance_miles: r.distance_miles })));
    expect(rows.find((r) => r.user_id === unplaced)?.distance_miles).toBeNull();
    expect(rows.map((r) => r.user_id)).not.toContain(hidden);
  });

  it('lists every designer nearest first when none lies within 100 miles, over many pages', async () => {
    const client = await clientAs(customer);
    const pages = await designerPages(client, SOUTH, [3, 3, 3, 100]);
    const rows = pages.flat();
    expect(pages.length).toBeGreaterThan(3);
    // The nearest are this file's, 120 miles and more away; everything else is thousands of miles off.
    expect(rows.slice(0, 8).map((r) => r.user_id)).toEqual([
      near.d5,
      ...tie(),
      near.d60,
      near.d100,
      near.d101,
      near.d150,
      near.d300,
    ]);
    expect(rows.slice(0, 8).map((r) => r.distance_miles)).toEqual([125, 140, 140, 180, 220, 221, 270, 420]);
    expect(rows.every((r) => r.within_reach === false)).toBe(true);
    // No repeats, no row out of order (so none skipped by a cursor), the unplaced at the end, the hidden nowhere.
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
    expectNearestFirst(rows.map((r) => ({ id: r.user_id, distance_miles: r.distance_miles })));
    expect(rows.find((r) => r.user_id === unplaced)?.distance_miles).toBeNull();
    expect(rows.map((r) => r.user_id)).not.toContain(hidden);
    // Seeded designers (Portland, Austin, Brooklyn) are there too, with a distance.
    const seeded = await c.query<{ user_id: string }>(
      `select user_id from public.designer_profiles where location in ('Portland, OR', 'Austin, TX', 'Brooklyn, NY')
         and availability_status = 'available'`,
    );
    expect(seeded.rows.length).toBeGreaterThan(0);
    for (const s of seeded.rows) {
      const found = rows.find((r) => r.user_id === s.user_id);
      expect(found?.distance_miles, s.user_id).toBeGreaterThan(4000);
    }
  });

  it('keeps the directory order without an origin: newest first, keyset on (created_at, id)', async () => {
    const client = await clientAs(customer);
    const rows = (await designerPages(client, null, [50])).flat();
    expect(rows.every((r) => r.distance_miles === null && r.within_reach === null)).toBe(true);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const newer =
        Date.parse(a.created_at) > Date.parse(b.created_at) || (a.created_at === b.created_at && a.user_id > b.user_id);
      expect(newer).toBe(true);
    }
    for (const id of Object.values(near)) expect(rows.map((r) => r.user_id)).toContain(id);
    expect(rows.map((r) => r.user_id)).not.toContain(hidden);
  });

  it('refuses a bad origin (22023) and anonymous callers (42501)', async () => {
    const client = await clientAs(customer);
    const bad = await client.rpc('nearby_designers', { origin_latitude: 91, origin_longitude: 0 });
    expect(bad.error?.code).toBe('22023');
    const half = await client.rpc('nearby_designers', { origin_latitude: 10 });
    expect(half.error?.code).toBe('22023');
    const anon = await anonClient().rpc('nearby_designers', {});
    expect(anon.error?.code).toBe('42501');
  });
});

type OpenProject = { id: string; customer_id: string; distance_miles: number | null; within_reach: boolean | null };

async function openPages(
  client: SupabaseClient,
  origin: { latitude: number; longitude: number } | null,
  size: number,
): Promise<OpenProject[][]> {
  const pages: OpenProject[][] = [];
  let last: (OpenProject & { created_at: string }) | undefined;
  for (let i = 0; i < 500; i++) {
    const { data, error } = await client
      .rpc('open_projects', {
        origin_latitude: origin?.latitude,
        origin_longitude: origin?.longitude,
        after_miles: last?.distance_miles ?? undefined,
        after_created_at: last?.created_at,
        after_id: last?.id,
        page_size: size,
      })
      .select('id, customer_id, created_at, distance_miles, within_reach');
    expect(error).toBeNull();
    const page = data as (OpenProject & { created_at: string })[];
    pages.push(page);
    if (page.length < size) return pages;
    last = page.at(-1);
  }
  throw new Error('more than 500 pages');
}

async function openCount(client: SupabaseClient, origin: { latitude: number; longitude: number } | null) {
  const { data, error } = await client.rpc('open_project_count', {
    origin_latitude: origin?.latitude,
    origin_longitude: origin?.longitude,
  });
  expect(error).toBeNull();
  return data as number;
}

describe('open_projects', () => {
  const mine: { id: string; miles: number | null }[] = [];
  const pointPlaces: string[] = [];
  let theirs: string;
  beforeAll(async () => {
    // The customer's projects: 13 within 100 miles, 3 beyond, 1 that names no place; one of another customer.
    const miles = [1, 2, 3, 5, 8, 13, 21, 34, 55, 55, 70, 89, 99, 140, 233, 377];
    // A project's coordinates are its place's (docs/decisions/0030-safe-by-default.md): each row is posted at a
    // place of its own at the exact point (removed after these tests), so its distance is the point's.
    const at = async (owner: string, title: string, point: { latitude: number; longitude: number } | null) => {
      let place: string | null = null;
      if (point) {
        place = `gn:9900005${String(pointPlaces.length).padStart(2, '0')}`;
        await insertPlace({ id: place, name: `Mile ${title}`, label: `Mile ${title}, XQ`, at: point, population: 1 });
        pointPlaces.push(place);
      }
      const { rows } = await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, place_id, space_size, budget)
         values ($1, $2, 'A room that needs furnishing', $3, $4, 100, 100) returning id`,
        [owner, title, point ? `Mile ${title}, XQ` : 'Behind the lighthouse', place],
      );
      return rows[0]!.id;
    };
    for (const m of [...miles, null]) {
      mine.push({ id: await at(customer, `Room ${m}`, m === null ? null : north(m)), miles: m });
    }
    theirs = await at(otherCustomer, 'Their room', north(4));
  });
  afterAll(async () => {
    await c.query(`delete from public.projects where place_id = any($1)`, [pointPlaces]);
    await c.query(`delete from public.places where id = any($1)`, [pointPlaces]);
  });

  const expected = (within: boolean) =>
    mine
      .filter((p) => p.miles !== null && (!within || p.miles <= 100))
      .sort((a, b) => a.miles! - b.miles! || (a.id < b.id ? -1 : 1))
      .map((p) => p.id);
  const placeless = () => mine.find((p) => p.miles === null)!.id;

  it('a customer (not a designer) sees only their own open projects, nearest first within 100 miles, then the place-less', async () => {
    const client = await clientAs(customer);
    const rows = (await openPages(client, NEMO, 4)).flat();
    // Only the customer's own rows (row-level security as before: a customer is no designer).
    expect(rows.every((r) => r.customer_id === customer)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(theirs);
    expect(rows.map((r) => r.id)).toEqual([...expected(true), placeless()]);
    expect(rows.map((r) => r.distance_miles)).toEqual([1, 2, 3, 5, 8, 13, 21, 34, 55, 55, 70, 89, 99, null]);
    expect(rows.every((r) => r.within_reach === true)).toBe(true);
    expect(await openCount(client, NEMO)).toBe(rows.length);
  });

  it('lists all of them nearest first over several pages when none is within 100 miles, and counts the same', async () => {
    const client = await clientAs(customer);
    const pages = await openPages(client, SOUTH, 3);
    expect(pages.length).toBeGreaterThan(3);
    const rows = pages.flat();
    expect(rows.map((r) => r.id)).toEqual([...expected(false), placeless()]);
    expect(rows.map((r) => r.distance_miles)).toEqual([
      121,
      122,
      123,
      125,
      128,
      133,
      141,
      154,
      175,
      175,
      190,
      209,
      219,
      260,
      353,
      497,
      null,
    ]);
    expect(rows.every((r) => r.within_reach === false)).toBe(true);
    expect(await openCount(client, SOUTH)).toBe(17);
    // Without an origin: newest first as before, nothing measured.
    const anywhere = (await openPages(client, null, 5)).flat();
    expect(anywhere.map((r) => r.id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(anywhere.every((r) => r.distance_miles === null && r.within_reach === null)).toBe(true);
    expect(await openCount(client, null)).toBe(17);
  });

  it('a designer sees every customer’s open projects near them, theirs included', async () => {
    const client = await clientAs(designer);
    const rows = (await openPages(client, NEMO, 24)).flat();
    const placed = rows.filter((r) => r.distance_miles !== null).map((r) => r.id);
    expect(placed).toContain(theirs);
    expect(placed.filter((id) => id !== theirs)).toEqual(expected(true));
    expectNearestFirst(rows);
  });

  it('refuses anonymous callers', async () => {
    const anon = await anonClient().rpc('open_projects', {});
    expect(anon.error?.code).toBe('42501');
  });
});

type Piece = { id: string; distance_miles: number | null; category: string };

describe('nearby_catalog_items: Good Stuff within 25 / 50 / 100 miles', () => {
  const pieces: Record<string, string> = {};
  let lister: string;
  beforeAll(async () => {
    lister = await newUser('designer');
    const add = async (name: string, location: string, category = 'chair', available = true) => {
      const { rows } = await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition,
                                           location, is_available)
         values ($1, $2, 'Vintage', $3, 10, '1 ft', 'Good', $4, $5) returning id`,
        [lister, name, category, location, available],
      );
      pieces[name] = rows[0]!.id;
    };
    for (const m of [10, 25.4, 25.6, 49, 60, 99, 120]) await add(`c${m}`, latLng(north(m)));
    await add('sold', latLng(north(2)), 'chair', false);
    await add('lamp', latLng(north(15)), 'lighting');
    await add('nowhere', 'Under the pier');
  });

  async function within(miles: number | null, category?: string, size = 2) {
    const client = await clientAs(customer);
    const rows: Piece[] = [];
    let last: Piece | undefined;
    for (let i = 0; i < 500; i++) {
      const { data, error } = await client
        .rpc('nearby_catalog_items', {
          origin_latitude: NEMO.latitude,
          origin_longitude: NEMO.longitude,
          within_miles: miles ?? undefined,
          item_category: category,
          after_miles: last?.distance_miles ?? undefined,
          after_id: last?.id,
          page_size: size,
        })
        .select('id, distance_miles, category');
      expect(error).toBeNull();
      const page = data as Piece[];
      rows.push(...page);
      if (page.length < size) return rows;
      last = page.at(-1);
    }
    throw new Error('more than 500 pages');
  }

  it('keeps only the pieces within the distance chosen, nearest first, in whole miles', async () => {
    expect((await within(25)).map((r) => r.distance_miles)).toEqual([10, 15, 25]);
    expect((await within(50)).map((r) => r.id)).toEqual([
      pieces.c10,
      pieces.lamp,
      pieces['c25.4'],
      pieces['c25.6'],
      pieces.c49,
    ]);
    expect((await within(100)).map((r) => r.distance_miles)).toEqual([10, 15, 25, 26, 49, 60, 99]);
    expect((await within(25, 'chair')).map((r) => r.id)).toEqual([pieces.c10, pieces['c25.4']]);
  });

  it('without a distance lists every available piece nearest first, those without a place last; sold ones never', async () => {
    const rows = await within(null, undefined, 50);
    expect(rows.slice(0, 8).map((r) => r.distance_miles)).toEqual([10, 15, 25, 26, 49, 60, 99, 120]);
    expect(rows.map((r) => r.id)).toContain(pieces.nowhere);
    expect(rows.find((r) => r.id === pieces.nowhere)!.distance_miles).toBeNull();
    expect(rows.map((r) => r.id)).not.toContain(pieces.sold);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expectNearestFirst(rows);
  });

  it('refuses a missing origin or a distance below a mile (22023) and anonymous callers', async () => {
    const client = await clientAs(customer);
    expect((await client.rpc('nearby_catalog_items', {})).error?.code).toBe('22023');
    const zero = await client.rpc('nearby_catalog_items', { origin_latitude: 0, origin_longitude: 0, within_miles: 0 });
    expect(zero.error?.code).toBe('22023');
    expect((await anonClient().rpc('nearby_catalog_items', {})).error?.code).toBe('42501');
  });
});
