import pg from 'pg';
import { stackGlobalSetup, testStackConfig, type TestProjectLike } from '@good-space/local-supabase/testing';
import { loadPlaces } from '../../scripts/places/load-places.ts';

const startStack = stackGlobalSetup();

/**
 * The integration tests' stack: fresh (new database, migrations, seed) on every run, with the app's functions,
 * and the places gazetteer loaded as `npm start` loads it (ADR 0024).
 */
/**
 * Where browsers reach the API, as `npm start` tells the database (project_url there): listing photos must be this
 * project's URLs (supabase/migrations/20261130000500_listing_photos.sql). Its own setting here, as
 * notification-mail.test.ts points project_url at a worker of its own for a while.
 */
async function writePublicApiUrl(dbUrl: string, apiUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into private.settings (name, value) values ('public_api_url', $1)
       on conflict (name) do update set value = excluded.value`,
      [apiUrl],
    );
  } finally {
    await db.end();
  }
}

export async function setup(project: TestProjectLike): Promise<() => Promise<void>> {
  const teardown = await startStack(project);
  try {
    const config = testStackConfig(Number(project.config.env?.LOCAL_SUPABASE_TEST_PORT_OFFSET ?? 0));
    await loadPlaces({ dbUrl: config.dbUrl });
    await writePublicApiUrl(config.dbUrl, config.apiUrl);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
