import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedStack, type IsolatedStack } from '@good-space/local-supabase';
import { datasetVersion, loadPlaces } from '../../scripts/places/load-places.ts';

/**
 * `npm run places:load` (scripts/places/load-places.ts, docs/decisions/0024-places.md) on a database of its own:
 * a forced reload deletes every row that left the dataset, which on the shared test database would take other
 * tests' places with it. Only the database runs (no API services); the migrations make the empty table.
 */
let own: IsolatedStack;
let c: pg.Client;
/** What a reader of the table met while the first load ran: its reads, and every lock it waited a second for. */
const reader = { reads: 0, waited: [] as string[] };

beforeAll(async () => {
  own = await startIsolatedStack({ name: 'places-load', env: { LOCAL_SUPABASE_SERVICES: 'none' } });
  c = new pg.Client({ connectionString: own.config.dbUrl });
  await c.connect();
  // npm start loads the places beside the app, so someone may search a place (or post a project, which reads
  // places) meanwhile: they must not wait for the load.
  const probe = new pg.Client({ connectionString: own.config.dbUrl });
  await probe.connect();
  await probe.query(`set lock_timeout = '1s'`);
  let loading = true;
  const reading = (async () => {
    while (loading) {
      // One read after another, each waiting only for its answer (or the lock timeout's refusal).
      await probe.query('select 1 from public.places limit 1').then(
        () => reader.reads++,
        (err: Error) => reader.waited.push(err.message),
      );
    }
  })();
  const first = await loadPlaces({ dbUrl: own.config.dbUrl }).finally(() => (loading = false));
  await reading;
  await probe.end();
  expect(first).toMatchObject({ skipped: false });
});

afterAll(async () => {
  await c?.end();
  await own?.stop();
});

describe('places:load', () => {
  it('a first load into an empty table never makes a reader of the table wait (npm start runs it beside the app)', () => {
    expect(reader.waited).toEqual([]);
    expect(reader.reads).toBeGreaterThan(0);
  });

  it('loaded the whole dataset once, and a second run skips', async () => {
    const meta = await c.query<{ dataset: string; row_count: number }>(
      'select dataset, row_count from private.places_meta',
    );
    expect(meta.rows).toEqual([{ dataset: datasetVersion(), row_count: expect.any(Number) }]);
    const count = Number((await c.query('select count(*) from public.places')).rows[0].count);
    expect(count).toBe(meta.rows[0]!.row_count);
    expect(count).toBeGreaterThan(160_000);

    const again = await loadPlaces({ dbUrl: own.config.dbUrl });
    expect(again).toMatchObject({ skipped: true, rows: count, dataset: datasetVersion() });
    expect(Number((await c.query('select count(*) from public.places')).rows[0].count)).toBe(count);
  });

  it('a reload puts the dataset back where it differs, keeping the ids of places that stay', async () => {
    const portland = (
      await c.query<{ id: string }>(`select id from public.places where label = 'Portland, OR' and kind = 'city'`)
    ).rows[0]!.id;
    await c.query(`update public.places set label = 'Stumptown, OR' where id = $1`, [portland]);
    await c.query(`delete from public.places where id = 'zip:97205'`);
    await c.query(
      `insert into public.places (id, kind, name, country, label, latitude, longitude)
       values ('gn:999999997', 'city', 'Gone', 'US', 'Gone, OR', 45, -122)`,
    );
    const count = Number((await c.query('select count(*) from public.places')).rows[0].count);

    const result = await loadPlaces({ dbUrl: own.config.dbUrl, force: true });
    expect(result).toMatchObject({ skipped: false, rows: count });
    const after = await c.query<{ id: string; label: string }>(
      `select id, label from public.places where id in ($1, 'zip:97205', 'gn:999999997') order by id`,
      [portland],
    );
    expect(after.rows).toEqual([
      { id: portland, label: 'Portland, OR' },
      { id: 'zip:97205', label: '97205 · Portland, OR' },
    ]);
    expect(Number((await c.query('select count(*) from public.places')).rows[0].count)).toBe(count);
  });
});
