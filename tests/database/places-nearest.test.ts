import { type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { actAs, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * The lists that measure every row with coordinates (designers and open projects when none lies within 100
 * miles, Good Stuff without a distance) read them through a nearest-neighbour index (20261126000300_place_follow_ups.sql,
 * docs/decisions/0024-places.md): the same rows in the same order as sorting every row by (whole miles, id),
 * over keyset pages, also when more rows share one whole mile than the walk first reads.
 *
 * Everything here lies in the South Atlantic near Bouvet Island, thousands of miles from any city, seeded row or
 * other test file's rows (places-distances.test.ts keeps to Point Nemo), and more than 100 miles from the origin,
 * so every list falls back to all rows and this file's rows head it.
 */
const BOUVET = { latitude: -54.42, longitude: 3.36 };
const MILE_DEGREES = 180 / Math.PI / 3959;
/** A point `miles` due north of the origin (on a meridian the great-circle distance is the latitude's). */
const north = (miles: number) => ({ latitude: BOUVET.latitude + miles * MILE_DEGREES, longitude: BOUVET.longitude });
const latLng = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(7)},${p.longitude.toFixed(7)}`;
/**
 * Distances (miles north) of this file's rows: 45 share one point (more than the first walk of a 3-row page
 * reads: 2 × 3 + 16), a pair straddles a half mile, the rest are spread out; `null` names no place.
 */
const TIE = 170;
const LAYOUT: (number | null)[] = [150, 160.4, 160.6, ...Array<number>(45).fill(TIE), 171, 180, 400, 2000, null];
/** The distinct points of LAYOUT: each has a place (a project's coordinates are its place's). */
const PLACE_MILES = [...new Set(LAYOUT.filter((m): m is number => m !== null))];

let c: pg.Client;
const users: string[] = [];

beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await deleteUsers(c, users);
  await c.query(`delete from public.places where id like 'gn:9900004%'`);
  await c.end();
});

async function newUser(role: 'customer' | 'designer', subscribe?: 'client' | 'designer') {
  const id = await createUser(c, { role, subscribe });
  users.push(id);
  return id;
}

type Row = { id: string; distance_miles: number | null; within_reach?: boolean | null };

/** Every page of an rpc from BOUVET, following the keyset cursor, `sizes[i]` rows on page i (the last repeats). */
async function allPages(
  client: SupabaseClient,
  fn: 'nearby_designers' | 'open_projects' | 'nearby_catalog_items',
  sizes: number[],
  extra: Record<string, unknown> = {},
): Promise<Row[]> {
  const idColumn = fn === 'nearby_designers' ? 'user_id' : 'id';
  const flag = fn === 'nearby_catalog_items' ? '' : ', within_reach';
  const rows: Row[] = [];
  let last: Row | undefined;
  for (let i = 0; i < 2000; i++) {
    const size = sizes[Math.min(i, sizes.length - 1)]!;
    const { data, error } = await client
      .rpc(fn, {
        origin_latitude: BOUVET.latitude,
        origin_longitude: BOUVET.longitude,
        after_miles: last?.distance_miles ?? undefined,
        after_id: last?.id,
        page_size: size,
        ...extra,
      })
      .select(`id:${idColumn}, distance_miles${flag}`);
    expect(error).toBeNull();
    const page = data as unknown as Row[];
    rows.push(...page);
    if (page.length < size) return rows;
    last = page.at(-1);
  }
  throw new Error('more than 2000 pages');
}

/** This file's rows in the order every list must give them: (whole miles, id), the unplaced last. */
function expectedOrder(mine: { id: string; miles: number | null }[]): Row[] {
  const whole = (m: number) => Math.floor(m + 0.5);
  return mine
    .filter((r) => r.miles !== null)
    .map((r) => ({ id: r.id, distance_miles: whole(r.miles!) }))
    .sort((a, b) => a.distance_miles - b.distance_miles || (a.id < b.id ? -1 : 1));
}

/** Strictly in keyset order, no repeats, the rows without a distance last in id order. */
function expectKeysetOrder(rows: Row[]) {
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
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

function expectListed(rows: Row[], mine: { id: string; miles: number | null }[]) {
  const expected = expectedOrder(mine);
  expect(rows.slice(0, expected.length).map((r) => ({ id: r.id, distance_miles: r.distance_miles }))).toEqual(expected);
  expect(expected.map((r) => r.distance_miles).slice(0, 6)).toEqual([150, 160, 161, TIE, TIE, TIE]);
  const unplaced = mine.find((r) => r.miles === null)!.id;
  expect(rows.find((r) => r.id === unplaced)?.distance_miles).toBeNull();
  expectKeysetOrder(rows);
}

describe('nearest first over every row, through the nearest-neighbour index', () => {
  let customer: string;
  let designer: string;
  const designers: { id: string; miles: number | null }[] = [];
  const projects: { id: string; miles: number | null }[] = [];
  const pieces: { id: string; miles: number | null }[] = [];
  const lamps: { id: string; miles: number | null }[] = [];

  beforeAll(async () => {
    customer = await newUser('customer', 'client');
    designer = await newUser('designer', 'designer');
    // Out of the lists: this file's rows are the available designers' and this designer is not one of them.
    await c.query(`update public.designer_profiles set availability_status = 'unavailable' where user_id = $1`, [
      designer,
    ]);
    for (const [i, miles] of LAYOUT.entries()) {
      const location = miles === null ? 'A cabin past the glacier' : latLng(north(miles));
      const d = await newUser('designer');
      await c.query(`update public.designer_profiles set location = $2 where user_id = $1`, [d, location]);
      designers.push({ id: d, miles });
      // A project's coordinates are its place's (docs/decisions/0030-safe-by-default.md): it is posted at a place
      // of its own at the exact point (removed with this file's rows), so its distance is the point's.
      let place: string | null = null;
      if (miles !== null) {
        place = `gn:9900004${String(PLACE_MILES.indexOf(miles)).padStart(2, '0')}`;
        const point = north(miles);
        await c.query(
          `insert into public.places (id, kind, name, region, country, label, latitude, longitude, population)
           values ($1, 'city', $2, 'XQ', 'XQ', $2 || ', XQ', $3, $4, 1) on conflict (id) do nothing`,
          [place, `Bouvet mile ${miles}`, point.latitude, point.longitude],
        );
      }
      const { rows: p } = await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, place_id, space_size, budget)
         values ($1, 'Island room ' || $2, 'A room far from everything', $3, $4, 100, 100) returning id`,
        [customer, String(i), location, place],
      );
      projects.push({ id: p[0]!.id, miles });
      const category = i % 2 === 0 ? 'lighting' : 'chair';
      const { rows: item } = await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition, location)
         values ($1, 'Island piece ' || $2, 'Sea-worn', $3, 10, '1 ft', 'Good', $4) returning id`,
        [designer, String(i), category, location],
      );
      pieces.push({ id: item[0]!.id, miles });
      if (category === 'lighting') lamps.push({ id: item[0]!.id, miles });
    }
  });

  it('designers: every one nearest first in (whole miles, id), ties across pages in id order, none repeated', async () => {
    const rows = await allPages(await clientAs(customer), 'nearby_designers', [3, 3, 3, 3, 3, 3, 3, 3, 100]);
    expectListed(rows, designers);
    expect(rows.every((r) => r.within_reach === false)).toBe(true);
  });

  it('open projects: the same for a designer, and for their customer (row-level security: only their own)', async () => {
    const asDesigner = await allPages(await clientAs(designer), 'open_projects', [3, 3, 3, 3, 3, 3, 3, 3, 100]);
    expectListed(asDesigner, projects);
    expect(asDesigner.every((r) => r.within_reach === false)).toBe(true);
    const asCustomer = await allPages(await clientAs(customer), 'open_projects', [5]);
    expect(asCustomer.map((r) => r.id)).toEqual([
      ...expectedOrder(projects).map((r) => r.id),
      projects.find((p) => p.miles === null)!.id,
    ]);
  });

  it('Good Stuff without a distance: every piece nearest first, and within one category', async () => {
    const client = await clientAs(customer);
    expectListed(await allPages(client, 'nearby_catalog_items', [3, 3, 3, 3, 3, 3, 3, 3, 100]), pieces);
    const lighting = await allPages(client, 'nearby_catalog_items', [2, 2, 2, 2, 100], { item_category: 'lighting' });
    expect(lighting.slice(0, expectedOrder(lamps).length)).toEqual(expectedOrder(lamps));
    expectKeysetOrder(lighting);
  });

  it("each list's walk reads its nearest-neighbour index, as its reader and with the function's own settings", async () => {
    // The walk's statement as the function runs it: the reader's row-level security, a keyset past the first
    // rows, and the settings the function carries (enable_sort off). Without them the planner may measure and
    // sort every row instead, as it did for open projects read by a designer (ADR 0024).
    const miles = (lat: string, lng: string) =>
      `floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(${lat} - $1) / 2), 2)
         + cos(radians($1)) * cos(radians(${lat})) * power(sin(radians(${lng} - $2) / 2), 2)))) + 0.5)::integer`;
    const walks: { fn: string; reader: string | null; sql: string; index: string }[] = [
      {
        fn: 'nearby_designers',
        reader: customer,
        sql: `select user_id from public.designer_profiles d where d.availability_status = 'available'
                and d.latitude is not null and d.longitude is not null
                and (${miles('d.latitude', 'd.longitude')}, d.user_id) > ($3, $4)
              order by private.sphere_point(d.latitude, d.longitude) operator(extensions.<->) private.sphere_point($1, $2)
              limit 22`,
        index: 'designer_profiles_available_sphere_idx',
      },
      {
        // SECURITY DEFINER (docs/decisions/0030-safe-by-default.md): read as its owner, the rule restated with the
        // function's variables (a designer sees every open project).
        fn: 'open_projects',
        reader: null,
        sql: `select id from public.projects p where p.status = 'pending' and p.designer_id is null
                and (true or p.customer_id = '${designer}'::uuid)
                and p.latitude is not null and p.longitude is not null
                and (${miles('p.latitude', 'p.longitude')}, p.id) > ($3, $4)
              order by private.sphere_point(p.latitude, p.longitude) operator(extensions.<->) private.sphere_point($1, $2)
              limit 22`,
        index: 'projects_open_sphere_idx',
      },
      {
        fn: 'nearby_catalog_items',
        reader: customer,
        sql: `select id from public.catalog_items i where i.is_available and i.latitude is not null and i.longitude is not null
                and (${miles('i.latitude', 'i.longitude')}, i.id) > ($3, $4)
              order by private.sphere_point(i.latitude, i.longitude) operator(extensions.<->) private.sphere_point($1, $2)
              limit 22`,
        index: 'catalog_items_available_sphere_idx',
      },
    ];
    for (const walk of walks) {
      const { rows } = await c.query<{ setting: string }>(
        `select unnest(p.proconfig) as setting from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.proname = $1`,
        [walk.fn],
      );
      const settings = rows.map((r) => r.setting).filter((s) => !s.startsWith('search_path='));
      expect(settings, walk.fn).toEqual(['enable_sort=off']);
      await c.query('begin');
      try {
        for (const setting of settings) {
          const [name, value] = setting.split('=');
          await c.query(`select set_config($1, $2, true)`, [name, value]);
        }
        if (walk.reader) await actAs(c, user(walk.reader));
        const plan = await c.query<{ 'QUERY PLAN': string }>(`explain ${walk.sql}`, [
          BOUVET.latitude,
          BOUVET.longitude,
          TIE,
          '00000000-0000-0000-0000-000000000000',
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text, walk.fn).toContain(`Index Scan using ${walk.index}`);
        expect(text, walk.fn).not.toContain('Sort');
      } finally {
        await c.query('rollback');
      }
    }
  });
});
