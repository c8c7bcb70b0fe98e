import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { wipeData } from '../../src/db.ts';
import { startStack, type RunningStack } from '../../src/stack.ts';
import { listen, nodeOptions, signUserJwt, waitFor } from '../../src/testing/index.ts';

// A stack restart ends every socket and the replication slot; supabase-js reconnects with its backoff,
// re-joins its channels and receives changes again from the new slot, as after a hosted Realtime restart.
// This file runs its own stack on ports beside the suite's so it can stop and start it, with `npm start`'s
// durable commits (the suite's stacks commit asynchronously, which hides the visibility race tested below).

// Beside the suite's stacks (offsets 0 and 40 in vitest.config.ts: ports +1/+2/+4 and +41/+42/+44).
const base = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + 27;
const config = loadConfig({
  apiPort: base + 1,
  dbPort: base + 2,
  inboxPort: base + 4,
  dataDir: path.join('.data', `test-${base}`),
  testMode: false,
});

let stack: RunningStack | undefined;

async function start(): Promise<RunningStack> {
  // Only what this test needs: the database and Realtime.
  const previous = process.env.LOCAL_SUPABASE_SERVICES;
  process.env.LOCAL_SUPABASE_SERVICES = 'realtime';
  try {
    return await startStack(config, () => undefined);
  } finally {
    if (previous === undefined) delete process.env.LOCAL_SUPABASE_SERVICES;
    else process.env.LOCAL_SUPABASE_SERVICES = previous;
  }
}

async function exec(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: config.dbUrl });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await stack?.stop();
});

describe('restart', () => {
  it('clients reconnect, re-join and receive changes after the stack restarts', { timeout: 300_000 }, async () => {
    wipeData(config);
    stack = await start();
    await exec(`
      create table public.rt_restart (id bigint generated always as identity primary key, label text);
      grant select on public.rt_restart to anon;
      alter publication supabase_realtime add table public.rt_restart;
    `);
    const client = createClient(config.apiUrl, config.anonKey, nodeOptions);
    const l = await listen(client, 'restart', [{ event: 'INSERT', table: 'rt_restart' }]);
    await exec(`insert into public.rt_restart (label) values ('before')`);
    await waitFor(() => l.changes.length === 1, 'the first change');

    await stack.stop();
    stack = await start();
    // supabase-js retries after 1 s, 2 s, 5 s, …; the re-join earns a new "Subscribed to PostgreSQL".
    await waitFor(() => l.system.length >= 2, 're-join after restart');
    await exec(`insert into public.rt_restart (label) values ('after')`);
    await waitFor(() => l.changes.length === 2, 'the change after restart');
    expect(l.changes.map((c) => (c.new as { label: string }).label)).toEqual(['before', 'after']);
    await client.removeAllChannels();

    // Nothing is left behind: the temporary slot went with its connection.
    const slots = await exec(`select slot_name from pg_replication_slots where not active`);
    expect(slots.rows).toEqual([]);
  });

  it('loses no change of concurrent commits on an RLS table', async () => {
    // With synchronous commit the WAL sender can hand over a commit a moment before it is visible to new
    // snapshots; the RLS check must wait for it, or the row looks invisible to everyone.
    stack ??= await start();
    const user = '6a5d4f1e-2b3c-4d5e-8f9a-0b1c2d3e4f5a';
    await exec(`
      create table public.rt_burst (id bigint generated always as identity primary key, owner uuid not null, body text);
      alter table public.rt_burst enable row level security;
      grant select on public.rt_burst to authenticated;
      create policy "own" on public.rt_burst for select to authenticated using (owner = auth.uid());
      alter publication supabase_realtime add table public.rt_burst;
    `);
    const client = createClient(config.apiUrl, config.anonKey, nodeOptions);
    await client.realtime.setAuth(await signUserJwt(user));
    const l = await listen(client, 'burst', [{ event: 'INSERT', table: 'rt_burst' }]);
    await Promise.all(
      [1, 2, 3, 4].map((w) =>
        exec(
          `do $$ begin for i in 1..50 loop insert into public.rt_burst (owner, body) values ('${user}', 'w${w}-' || i); commit; end loop; end $$`,
        ),
      ),
    );
    await waitFor(() => l.changes.length >= 200, 'all 200 changes');
    expect(new Set(l.changes.map((c) => (c.new as { body: string }).body)).size).toBe(200);
    await client.removeAllChannels();
  });
});
