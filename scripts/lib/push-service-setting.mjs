// Where this installation's own push service is, told to its database (private.settings 'local_push_service_url'):
// a device's endpoint must be a browser vendor's push service, or on this URL where it is set
// (supabase/migrations/20261207000200_push_endpoint_hosts.sql; docs/security.md, "Push endpoints"). Only the local
// stack has a push service of its own; `npm start` and the tests' and journeys' stacks write it, hosted never does.

/** Writes `pushUrl` (the local stack's push service, e.g. http://127.0.0.1:54330) into private.settings at `dbUrl`. */
export async function writeLocalPushServiceUrl({ dbUrl, pushUrl }) {
  // Imported here: `npm start` may install pg in the same run, after this module was loaded.
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into private.settings (name, value) values ('local_push_service_url', $1)
       on conflict (name) do update set value = excluded.value`,
      [pushUrl],
    );
  } finally {
    await db.end();
  }
}
