import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, inRolledBackTx, user } from './support/pg.ts';

/**
 * search_designers (supabase/migrations/20261206000200_designer_filters.sql; docs/places.md, "Designer filters"):
 * style, base rate range, minimum rating, verified badge and distance, three orders, keyset pages, the directory's
 * visibility, and the rating the profile carries.
 *
 * This file's designers sit near the Kerguelen Islands, thousands of miles from any city, seeded row or other test
 * file's rows (Point Nemo, Bouvet), so a distance from KERGUELEN lists only them.
 */
const KERGUELEN = { latitude: -49.35, longitude: 70.22 };
const MILE_DEGREES = 180 / Math.PI / 3959;
const north = (miles: number) => `${(KERGUELEN.latitude + miles * MILE_DEGREES).toFixed(7)},${KERGUELEN.longitude}`;
const ORIGIN = { origin_latitude: KERGUELEN.latitude, origin_longitude: KERGUELEN.longitude };

type Spec = {
  key: string;
  miles: number | null;
  rate: number;
  specialties: string[];
  ratings: number[];
  verified?: 'student' | 'pro';
};
/** The designers: distance north of the origin (null: no place), base rate, styles, review ratings, badge. */
const SPECS: Spec[] = [
  { key: 'mcm-cheap-great', miles: 5, rate: 45, specialties: ['Mid-Century Modern', 'Minimalist'], ratings: [5, 4] },
  { key: 'mcm-cheap-poor', miles: 6, rate: 50, specialties: ['Mid-Century Modern'], ratings: [3, 3] },
  { key: 'mcm-cheap-unrated', miles: 7, rate: 55, specialties: ['Mid-Century Modern'], ratings: [] },
  { key: 'mcm-dear-great', miles: 8, rate: 120, specialties: ['Mid-Century Modern'], ratings: [5], verified: 'pro' },
  { key: 'boho-cheap-great', miles: 9, rate: 40, specialties: ['Bohemian'], ratings: [4, 5, 5] },
  { key: 'mcm-edge-rate', miles: 10, rate: 60, specialties: ['Coastal', 'Mid-Century Modern'], ratings: [4] },
  { key: 'mcm-far', miles: 40, rate: 30, specialties: ['Mid-Century Modern'], ratings: [5], verified: 'student' },
  { key: 'mcm-unplaced', miles: null, rate: 35, specialties: ['Mid-Century Modern'], ratings: [4, 5] },
];

let c: pg.Client;
const users: string[] = [];
const id: Record<string, string> = {};
let customer: string;
let blocker: string;

type Row = {
  user_id: string;
  base_rate: number;
  rating: number | null;
  review_count: number;
  distance_miles: number | null;
  within_reach: boolean | null;
  created_at: string;
};

async function newUser(role: 'customer' | 'designer') {
  const u = await createUser(c, { role });
  users.push(u);
  return u;
}

/** Whose key is this id (for readable expectations); ids not of this file read as 'other'. */
const keyOf = (userId: string) => Object.keys(id).find((k) => id[k] === userId) ?? 'other';

async function search(args: Record<string, unknown>, as = customer): Promise<Row[]> {
  const { data, error } = await (await clientAs(as)).rpc('search_designers', args);
  expect(error).toBeNull();
  return data as unknown as Row[];
}

/** Every page, `size` rows each, each page starting after the last row of the one before. */
async function allPages(args: Record<string, unknown>, size: number, as = customer): Promise<Row[]> {
  const rows: Row[] = [];
  let after: Row | undefined;
  for (let i = 0; i < 500; i++) {
    const page = await search({ ...args, after: after ?? null, page_size: size }, as);
    rows.push(...page);
    if (page.length < size) return rows;
    after = page.at(-1);
  }
  throw new Error('more than 500 pages');
}

beforeAll(async () => {
  c = await connect();
  customer = await newUser('customer');
  blocker = await newUser('customer');
  for (const spec of SPECS) {
    const d = await newUser('designer');
    id[spec.key] = d;
    await c.query(
      `update public.designer_profiles set location = $2, base_rate = $3, specialties = $4, verified = $5
       where user_id = $1`,
      [
        d,
        spec.miles === null ? 'A hut by the fjord' : north(spec.miles),
        spec.rate,
        spec.specialties,
        spec.verified ?? null,
      ],
    );
    for (const rating of spec.ratings) {
      const { rows } = await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
         values ($1, $2, 'Island room', 'A room far from everything', 'Kerguelen', 100, 100, 'completed') returning id`,
        [customer, d],
      );
      await c.query(`insert into public.reviews (project_id, designer_id, client_id, rating) values ($1, $2, $3, $4)`, [
        rows[0]!.id,
        d,
        customer,
        rating,
      ]);
    }
  }
  // A designer of this file blocked by `blocker` is out of that customer's lists, either way (ADR 0032).
  await c.query(`insert into public.blocks (blocker_id, blocked_id) values ($1, $2)`, [
    blocker,
    id['boho-cheap-great'],
  ]);
});

afterAll(async () => {
  await deleteUsers(c, users);
  await c.end();
});

describe('the rating on the profile', () => {
  it('is the visible reviews’ average to one decimal, with their count; none without reviews', async () => {
    const { rows } = await c.query<{ user_id: string; rating: string | null; review_count: number }>(
      `select user_id, rating, review_count from public.designer_profiles where user_id = any($1)`,
      [[id['mcm-cheap-great'], id['boho-cheap-great'], id['mcm-cheap-unrated']]],
    );
    const by = Object.fromEntries(rows.map((r) => [keyOf(r.user_id), [r.rating, r.review_count]]));
    // (4 + 5 + 5) / 3 = 4.67 shows as 4.7.
    expect(by).toEqual({
      'mcm-cheap-great': ['4.5', 2],
      'boho-cheap-great': ['4.7', 3],
      'mcm-cheap-unrated': [null, 0],
    });
  });

  it('follows a hidden review out and back, and a deleted one', async () => {
    const d = id['mcm-cheap-poor']!;
    const read = async () =>
      (await c.query(`select rating, review_count from public.designer_profiles where user_id = $1`, [d])).rows[0];
    const { rows } = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
       values ($1, $2, 'One more', 'A room far from everything', 'Kerguelen', 100, 100, 'completed') returning id`,
      [customer, d],
    );
    const { rows: review } = await c.query<{ id: string }>(
      `insert into public.reviews (project_id, designer_id, client_id, rating) values ($1, $2, $3, 1) returning id`,
      [rows[0]!.id, d, customer],
    );
    expect(await read()).toEqual({ rating: '2.3', review_count: 3 });
    await c.query(`update public.reviews set hidden_at = now() where id = $1`, [review[0]!.id]);
    expect(await read()).toEqual({ rating: '3.0', review_count: 2 });
    await c.query(`update public.reviews set hidden_at = null where id = $1`, [review[0]!.id]);
    expect(await read()).toEqual({ rating: '2.3', review_count: 3 });
    await c.query(`delete from public.projects where id = $1`, [rows[0]!.id]);
    expect(await read()).toEqual({ rating: '3.0', review_count: 2 });
  });

  it('is the database’s: a designer cannot write their own', async () => {
    const d = id['mcm-cheap-unrated']!;
    const r = await inRolledBackTx(
      c,
      user(d),
      `update public.designer_profiles set rating = 5, review_count = 9 where user_id = $1`,
      [d],
    );
    expect(r.code).toBe('42501');
  });
});

describe('search_designers', () => {
  it("the issue's search: Mid-Century Modern, rate under $60, rating 4+ lists only those designers", async () => {
    const rows = await search({
      ...ORIGIN,
      style: 'Mid-Century Modern',
      max_rate: 60,
      min_rating: 4,
      within_miles: 100,
    });
    expect(rows.map((r) => keyOf(r.user_id))).toEqual(['mcm-cheap-great', 'mcm-edge-rate', 'mcm-far']);
    // The style by its id, as the landing stores it, is the same filter.
    const byId = await search({ ...ORIGIN, style: 'midcentury', max_rate: 60, min_rating: 4, within_miles: 100 });
    expect(byId.map((r) => r.user_id)).toEqual(rows.map((r) => r.user_id));
    expect(rows.every((r) => r.within_reach === true)).toBe(true);
  });

  it('a rate range is inclusive at both ends; verified keeps the badges', async () => {
    const ranged = await search({ ...ORIGIN, min_rate: 45, max_rate: 55, within_miles: 100 });
    expect(ranged.map((r) => keyOf(r.user_id))).toEqual(['mcm-cheap-great', 'mcm-cheap-poor', 'mcm-cheap-unrated']);
    const verified = await search({ ...ORIGIN, verified_only: true, within_miles: 100 });
    expect(verified.map((r) => keyOf(r.user_id))).toEqual(['mcm-dear-great', 'mcm-far']);
  });

  it('a distance keeps placed designers within it (whole miles); the unplaced only under the 100-mile rule', async () => {
    const near = await search({ ...ORIGIN, within_miles: 10 });
    expect(near.map((r) => [keyOf(r.user_id), r.distance_miles])).toEqual([
      ['mcm-cheap-great', 5],
      ['mcm-cheap-poor', 6],
      ['mcm-cheap-unrated', 7],
      ['mcm-dear-great', 8],
      ['boho-cheap-great', 9],
      ['mcm-edge-rate', 10],
    ]);
    // Available designers' rule: within 100 miles (this file's seven), then everyone without a place.
    const rule = await allPages({ ...ORIGIN, near_only: true, style: 'Mid-Century Modern' }, 3);
    expect(rule.slice(0, 6).map((r) => keyOf(r.user_id))).toEqual([
      'mcm-cheap-great',
      'mcm-cheap-poor',
      'mcm-cheap-unrated',
      'mcm-dear-great',
      'mcm-edge-rate',
      'mcm-far',
    ]);
    expect(rule.slice(6).every((r) => r.distance_miles === null)).toBe(true);
    expect(rule.map((r) => keyOf(r.user_id))).toContain('mcm-unplaced');
    expect(rule.every((r) => r.within_reach === true)).toBe(true);
  });

  it('sorts by rating (unrated last) and by rate, each over keyset pages that neither repeat nor skip', async () => {
    const scope = { ...ORIGIN, near_only: true };
    const mine = (rows: Row[]) => rows.map((r) => keyOf(r.user_id)).filter((k) => k !== 'other');
    const byRating = await allPages({ ...scope, sort: 'rating' }, 2);
    expect(new Set(byRating.map((r) => r.user_id)).size).toBe(byRating.length);
    // Pages of 2 list this test's designers as one page of 100 does (other tests add designers meanwhile: the
    // directory is shared, so only this test's own rows are compared).
    expect(mine(byRating)).toEqual(mine(await allPages({ ...scope, sort: 'rating' }, 100)));
    const ratings = byRating.map((r) => r.rating);
    const rated = ratings.filter((r): r is number => r !== null);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect(ratings.slice(rated.length).every((r) => r === null)).toBe(true);
    // Equal ratings go by id; the designers without reviews close the list.
    const RATING: Record<string, number | null> = {
      'mcm-dear-great': 5,
      'mcm-far': 5,
      'boho-cheap-great': 4.7,
      'mcm-cheap-great': 4.5,
      'mcm-unplaced': 4.5,
      'mcm-edge-rate': 4,
      'mcm-cheap-poor': 3,
      'mcm-cheap-unrated': null,
    };
    const expected = Object.keys(RATING).sort(
      (a, b) => (RATING[b] ?? -1) - (RATING[a] ?? -1) || (id[a]! < id[b]! ? -1 : 1),
    );
    expect(mine(byRating)).toEqual(expected);

    const byRate = await allPages({ ...ORIGIN, within_miles: 100, sort: 'rate' }, 2);
    expect(byRate.map((r) => keyOf(r.user_id))).toEqual([
      'mcm-far',
      'boho-cheap-great',
      'mcm-cheap-great',
      'mcm-cheap-poor',
      'mcm-cheap-unrated',
      'mcm-edge-rate',
      'mcm-dear-great',
    ]);
  });

  it('a minimum rating leaves out designers without reviews', async () => {
    const rows = await search({ ...ORIGIN, min_rating: 1, within_miles: 100 });
    expect(rows.map((r) => keyOf(r.user_id))).not.toContain('mcm-cheap-unrated');
    expect(rows).toHaveLength(6);
  });

  it('nearest without an origin is newest first, paged on (created_at, id)', async () => {
    const rows = await allPages({ style: 'Mid-Century Modern', verified_only: true }, 1);
    const mine = rows.filter((r) => keyOf(r.user_id) !== 'other');
    expect(mine.map((r) => keyOf(r.user_id))).toEqual(['mcm-far', 'mcm-dear-great']);
    expect(rows.every((r) => r.distance_miles === null && r.within_reach === null)).toBe(true);
  });

  it('the directory’s visibility: not the unavailable, not people in a block with the caller; anon not at all', async () => {
    expect((await search({ ...ORIGIN, within_miles: 100 }, blocker)).map((r) => keyOf(r.user_id))).not.toContain(
      'boho-cheap-great',
    );
    await c.query(`update public.designer_profiles set availability_status = 'unavailable' where user_id = $1`, [
      id['mcm-edge-rate'],
    ]);
    try {
      expect((await search({ ...ORIGIN, within_miles: 100 })).map((r) => keyOf(r.user_id))).not.toContain(
        'mcm-edge-rate',
      );
    } finally {
      await c.query(`update public.designer_profiles set availability_status = 'available' where user_id = $1`, [
        id['mcm-edge-rate'],
      ]);
    }
    const anon = await asActor(c, { role: 'anon' }, `select * from public.search_designers()`);
    expect(anon.code).toBe('42501');
  });

  it('refuses arguments it cannot honour with a sentence (22023)', async () => {
    const client = await clientAs(customer);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ sort: 'cheapest' }, /nearest, rating or rate/],
      [{ style: 'Gothic' }, /style from the list/],
      [{ min_rate: 80, max_rate: 40 }, /lowest rate/],
      [{ min_rate: -1 }, /below \$0/],
      [{ min_rating: 6 }, /1 to 5 stars/],
      [{ within_miles: 25 }, /needs your place/],
      [{ ...ORIGIN, within_miles: 0 }, /at least 1 mile/],
      [{ origin_latitude: 10 }, /Invalid origin/],
    ];
    for (const [args, message] of cases) {
      const { error } = await client.rpc('search_designers', args);
      expect(error?.code, JSON.stringify(args)).toBe('22023');
      expect(error?.message).toMatch(message);
    }
  });
});
