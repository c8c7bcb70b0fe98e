// Where the database's minute jobs (notification mails, pushes, settlements) find the edge functions and the key
// to call them with (ADR 0025; docs/security.md, "Which key goes where"). Hosted keeps them in Vault; the local
// stack has none, so they go where the jobs look next, private.settings. The key is the project's secret key
// (`sb_secret_…`), which the jobs send as `apikey` (migration 20261207000100_secret_key_jobs.sql). Used by `npm
// start` and by the browser journeys' stack, wherever their ports are.

/** Writes the project URL and the secret key into private.settings of the database at `dbUrl`. */
export async function writeMailJobSettings({ dbUrl, apiUrl, secretKey }) {
  // Imported here: `npm start` may install pg in the same run, after this module was loaded.
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into private.settings (name, value) values ('project_url', $1), ('secret_key', $2)
       on conflict (name) do update set value = excluded.value`,
      [apiUrl, secretKey],
    );
  } finally {
    await db.end();
  }
}
