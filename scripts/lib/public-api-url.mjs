// Where browsers reach the stack's API, told to its database (private.settings 'public_api_url'): a listing's
// photos must be this URL's catalog-images objects (supabase/migrations/20261130000500_listing_photos.sql).
// `npm start` and the browser journeys tell it project_url (mail-job-settings.mjs), which the check falls back
// to; the integration tests and the database bench, which run no mail job, tell it this one.

/** Writes `apiUrl` as public_api_url into private.settings of the database at `dbUrl`. */
export async function writePublicApiUrl({ dbUrl, apiUrl }) {
  const { default: pg } = await import('pg');
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
