// Where the notification mail job finds the edge function and the key to call it with (ADR 0025). Hosted keeps
// them in Vault; the local stack has none, so they go where the job looks next, private.settings. Used by `npm
// start` and by the browser journeys' stack, wherever their ports are.

/** Writes the project URL and the service-role key into private.settings of the database at `dbUrl`. */
export async function writeMailJobSettings({ dbUrl, apiUrl, serviceRoleKey }) {
  // Imported here: `npm start` may install pg in the same run, after this module was loaded.
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into private.settings (name, value) values ('project_url', $1), ('service_role_key', $2)
       on conflict (name) do update set value = excluded.value`,
      [apiUrl, serviceRoleKey],
    );
  } finally {
    await db.end();
  }
}
