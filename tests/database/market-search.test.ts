import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * search_catalog_items (docs/good-stuff.md, "Search"): words with plurals, accents and a prefix, the
 * filters, each sort, and keyset paging without duplicates or gaps. Every piece here carries a word of its own
 * (`tag`), so pieces of the seed and of other files never mix in.
 */
let c: pg.Client;
let seller: string;
let buyer: string;
let people: string[] = [];
const tag = 'zq' + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
const ids: Record<string, string> = {};

type Row = { id: string; title: string; price: number; distance_miles: number | null; sort_key: string };

// Portland, OR; Seattle (~145 mi); Austin (~1,700 mi); one without a place.
const pieces: [string, string, number, string, string | null][] = [
  ['Opaline glass lamp', 'Milk glass shade, rewired', 80, 'very_good', '45.5152,-122.6784'],
  ['Brass floor lamp', 'Arc lamp with marble base', 260, 'excellent', '47.6062,-122.3321'],
  ['Crème café chair', 'Bentwood, cane seat', 120, 'good', '30.2672,-97.7431'],
  ['Teak sideboard', 'Sliding doors, lamps not included', 80, 'fair', null],
  ['Rattan pendant', 'Large woven shade', 45, 'good', '45.5152,-122.6784'],
  ['Sold lamp', 'Gone already', 50, 'good', null],
];

beforeAll(async () => {
  c = await connect();
  seller = await createUser(c, { role: 'designer', fullName: 'Sally Seller', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bea Buyer', subscribe: 'client' });
  people = [seller, buyer];
  for (const [title, description, price, condition, location] of pieces) {
    const category = /lamp|pendant/i.test(title) ? 'lighting' : /chair/i.test(title) ? 'chair' : 'cabinet';
    const r = await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition, location)
       values ($1, $2, $3 || ' ' || $7, $4, $5, $6, $8) returning id`,
      [seller, title, description, category, price, condition, tag, location],
    );
    ids[title] = r.rows[0]!.id;
  }
  await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [ids['Sold lamp']]);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

async function search(args: Record<string, unknown>): Promise<Row[]> {
  const { data, error } = await (await clientAs(buyer)).rpc('search_catalog_items', { q: tag, ...args });
  expect(error).toBeNull();
  return data as Row[];
}
const titles = (rows: Row[]) => rows.map((r) => r.title).sort();

describe('search: words', () => {
  it('plurals, accents and case match; the last word matches as a prefix; sold pieces are not listed', async () => {
    // "lamps": the lamps by title, the sideboard by its description, the pendant by its category (lighting).
    expect(titles(await search({ q: `${tag} lamps` }))).toEqual([
      'Brass floor lamp',
      'Opaline glass lamp',
      'Rattan pendant',
      'Teak sideboard',
    ]);
    expect(titles(await search({ q: `${tag} opaline` }))).toEqual(['Opaline glass lamp']);
    expect(titles(await search({ q: `${tag} OPAL` }))).toEqual(['Opaline glass lamp']);
    expect(titles(await search({ q: `${tag} creme cafe` }))).toEqual(['Crème café chair']);
    expect(titles(await search({ q: `${tag} "glass lamp"` }))).toEqual(['Opaline glass lamp']);
    expect(titles(await search({ q: `${tag} lamp -brass` }))).toEqual([
      'Opaline glass lamp',
      'Rattan pendant',
      'Teak sideboard',
    ]);
    expect(await search({ q: `${tag} sofa` })).toEqual([]);
    // Category words: "lighting" finds the lighting pieces by their category.
    expect(titles(await search({ q: `${tag} lighting` }))).toEqual([
      'Brass floor lamp',
      'Opaline glass lamp',
      'Rattan pendant',
    ]);
  });

  it('a word search keeps the sort asked for', async () => {
    const rows = await search({ q: `${tag} lamp`, sort: 'price_asc' });
    expect(rows.map((r) => r.title)).toEqual(
      [...rows].sort((a, b) => a.price - b.price || a.id.localeCompare(b.id)).map((r) => r.title),
    );
  });
});

describe('search: filters', () => {
  it('category, price range and conditions', async () => {
    expect(titles(await search({ category: 'lighting' }))).toEqual([
      'Brass floor lamp',
      'Opaline glass lamp',
      'Rattan pendant',
    ]);
    expect(titles(await search({ category: 'lighting', max_price: 100 }))).toEqual([
      'Opaline glass lamp',
      'Rattan pendant',
    ]);
    expect(titles(await search({ min_price: 80, max_price: 120 }))).toEqual([
      'Crème café chair',
      'Opaline glass lamp',
      'Teak sideboard',
    ]);
    expect(titles(await search({ conditions: ['excellent', 'fair'] }))).toEqual(['Brass floor lamp', 'Teak sideboard']);
  });

  it('within a distance of a point, with whole miles; pieces without a place are left out', async () => {
    const rows = await search({ near_lat: 45.5152, near_lng: -122.6784, within_miles: 200, sort: 'distance' });
    expect(rows.map((r) => [r.title, r.distance_miles])).toEqual([
      ...[
        ['Opaline glass lamp', 0],
        ['Rattan pendant', 0],
      ].sort((a, b) => ids[a[0] as string]!.localeCompare(ids[b[0] as string]!)),
      ['Brass floor lamp', 145],
    ]);
    expect(titles(await search({ near_lat: 45.5152, near_lng: -122.6784, within_miles: 10 }))).toEqual([
      'Opaline glass lamp',
      'Rattan pendant',
    ]);
  });

  it('bad input gets a clear error', async () => {
    const client = await clientAs(buyer);
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: 'rank' }, 'Unknown sort: use newest, price_asc, price_desc or distance'],
      [{ sort: 'distance' }, 'Sorting by distance needs your location'],
      [{ within_miles: 25 }, 'A distance needs your location'],
      [{ within_miles: 0, near_lat: 45, near_lng: -122 }, 'The distance must be at least 1 mile'],
      [{ min_price: 200, max_price: 100 }, 'The lowest price cannot be above the highest'],
      [{ conditions: ['mint'] }, 'Unknown condition: use excellent, very_good, good or fair'],
      [{ after_sort_key: 'not a time', after_id: ids['Teak sideboard'] }, 'Unknown page cursor'],
      [{ after_id: ids['Teak sideboard'] }, 'A page cursor needs both after_sort_key and after_id'],
    ];
    for (const [args, message] of cases) {
      const { error } = await client.rpc('search_catalog_items', { q: tag, ...args });
      expect(error, JSON.stringify(args)).toMatchObject({ code: '22023', message });
    }
  });
});

describe('search: sorts and keyset paging', () => {
  async function allPages(args: Record<string, unknown>): Promise<Row[]> {
    const out: Row[] = [];
    let after: { after_sort_key: string; after_id: string } | object = {};
    for (let guard = 0; guard < 20; guard++) {
      const page = await search({ ...args, ...after, page_size: 2 });
      out.push(...page);
      if (page.length < 2) break;
      const last = page[page.length - 1]!;
      after = { after_sort_key: last.sort_key, after_id: last.id };
    }
    return out;
  }

  it('each sort pages through every piece once, in its order (ties by id)', async () => {
    const origin = { near_lat: 45.5152, near_lng: -122.6784 };
    const listed = Object.keys(ids).filter((t) => t !== 'Sold lamp').length;
    const newest = await allPages({});
    const asc = await allPages({ sort: 'price_asc' });
    const desc = await allPages({ sort: 'price_desc' });
    const near = await allPages({ sort: 'distance', ...origin });
    for (const rows of [newest, asc, desc, near]) {
      expect(rows).toHaveLength(listed);
      expect(new Set(rows.map((r) => r.id)).size).toBe(listed);
    }
    expect(asc.map((r) => [r.price, r.id])).toEqual(
      [...asc].sort((a, b) => a.price - b.price || a.id.localeCompare(b.id)).map((r) => [r.price, r.id]),
    );
    expect(desc.map((r) => r.id)).toEqual([...asc].reverse().map((r) => r.id));
    // Newest: the listed order of created_at desc, id desc (all were made in one second or so).
    const created = (
      await c.query(
        `select id from public.catalog_items where designer_id = $1 and status = 'available'
                      order by created_at desc, id desc`,
        [seller],
      )
    ).rows.map((r) => r.id);
    expect(newest.map((r) => r.id)).toEqual(created);
    // Distance: measured pieces nearest first, the unplaced last.
    expect(near.map((r) => r.distance_miles)).toEqual([0, 0, 145, 1708, null]);
    expect(near.at(-1)).toMatchObject({ title: 'Teak sideboard', sort_key: 'unplaced' });
  });

  it('the rows carry what the grid needs: photos, status, reservation, seller name', async () => {
    await c.query(`update public.catalog_items set reserved_until = now() + interval '1 hour' where id = $1`, [
      ids['Rattan pendant'],
    ]);
    const [row] = await search({ q: `${tag} rattan` });
    expect(row).toMatchObject({
      id: ids['Rattan pendant'],
      category: 'lighting',
      condition: 'good',
      photo_urls: [],
      status: 'available',
      designer_id: seller,
      seller_name: 'Sally Seller',
      seller_avatar_url: null,
      distance_miles: null,
    });
    expect(row).toHaveProperty('reserved_until');
    expect(new Date((row as unknown as { reserved_until: string }).reserved_until).getTime()).toBeGreaterThan(
      Date.now(),
    );
  });

  it('a delisted piece is listed to nobody (not even its seller: only available pieces)', async () => {
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [ids['Crème café chair']]);
    const r = await asActor(c, user(seller), `select title from public.search_catalog_items($1)`, [tag]);
    expect(r.rows.map((x) => x.title)).not.toContain('Crème café chair');
    await c.query(`update public.catalog_items set status = 'available' where id = $1`, [ids['Crème café chair']]);
  });
});

describe("one piece's distance (catalog_item_distance, the page of a shared link)", () => {
  const distance = async (who: string, id: string, near_lat: number, near_lng: number) =>
    (await clientAs(who)).rpc('catalog_item_distance', { item_id: id, near_lat, near_lng });

  it('is the whole miles the search gives; none without a place or for a piece the caller may not see', async () => {
    expect((await distance(buyer, ids['Brass floor lamp']!, 45.5152, -122.6784)).data).toBe(145);
    expect((await distance(buyer, ids['Crème café chair']!, 45.5152, -122.6784)).data).toBe(1708);
    expect((await distance(buyer, ids['Teak sideboard']!, 45.5152, -122.6784)).data).toBeNull();
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [ids['Rattan pendant']]);
    try {
      expect((await distance(buyer, ids['Rattan pendant']!, 45.5152, -122.6784)).data).toBeNull();
      expect((await distance(seller, ids['Rattan pendant']!, 45.5152, -122.6784)).data).toBe(0);
    } finally {
      await c.query(`update public.catalog_items set status = 'available' where id = $1`, [ids['Rattan pendant']]);
    }
  });

  it('refuses a place off the globe with a clear message', async () => {
    const { data, error } = await distance(buyer, ids['Brass floor lamp']!, 95, -122);
    expect(data).toBeNull();
    expect(error).toMatchObject({
      code: '22023',
      message: 'A place needs a latitude between -90 and 90 and a longitude between -180 and 180',
    });
  });
});
