import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './support/pg.ts';

/**
 * The demo seed names places the gazetteer knows (supabase/seed.sql, docs/decisions/0024-places.md): once
 * `npm run places:load` has run (here, the global setup's load after the seed), every seeded location is placed
 * and carries its place's coordinates, and every seeded Good Stuff piece says where it can be picked up.
 */
let c: pg.Client;
beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await c.end();
});

const SEEDED = `(select id from auth.users where email like '%@goodspace.test')`;

describe('seeded locations after the places load', () => {
  it('are all placed, by city labels, with the coordinates of their place', async () => {
    const { rows } = await c.query<{ t: string; rows: number; unplaced: number; off_place: number; labels: string[] }>(`
      with seeded as (
        select 'customer_profiles' as t, location, place_id, latitude, longitude from public.customer_profiles where user_id in ${SEEDED}
        union all select 'designer_profiles', location, place_id, latitude, longitude from public.designer_profiles where user_id in ${SEEDED}
        union all select 'projects', location, place_id, latitude, longitude from public.projects where customer_id in ${SEEDED}
        union all select 'catalog_items', location, place_id, latitude, longitude from public.catalog_items where designer_id in ${SEEDED}
      )
      select s.t, count(*)::int as rows,
             count(*) filter (where s.place_id is null)::int as unplaced,
             count(*) filter (where p.latitude is distinct from s.latitude or p.longitude is distinct from s.longitude)::int as off_place,
             array_agg(distinct s.location order by s.location) as labels
      from seeded s left join public.places p on p.id = s.place_id
      group by s.t order by s.t`);
    const cities = ['Austin, TX', 'Brooklyn, NY', 'Portland, OR'];
    expect(rows).toEqual(
      ['catalog_items', 'customer_profiles', 'designer_profiles', 'projects'].map((t) => ({
        t,
        rows: expect.any(Number),
        unplaced: 0,
        off_place: 0,
        labels: cities,
      })),
    );
    expect(rows.find((r) => r.t === 'catalog_items')?.rows).toBeGreaterThanOrEqual(30);
  });

  it('each place is the city its label names', async () => {
    // Name and region: what the seed's rows are placed at.
    const { rows } = await c.query<{ location: string; name: string; region: string; kind: string }>(`
      select distinct d.location, p.name, p.region, p.kind from public.designer_profiles d
      join public.places p on p.id = d.place_id where d.user_id in ${SEEDED} order by 1`);
    expect(rows).toEqual([
      { location: 'Austin, TX', name: 'Austin', region: 'TX', kind: 'city' },
      { location: 'Brooklyn, NY', name: 'Brooklyn', region: 'NY', kind: 'city' },
      { location: 'Portland, OR', name: 'Portland', region: 'OR', kind: 'city' },
    ]);
  });
});
