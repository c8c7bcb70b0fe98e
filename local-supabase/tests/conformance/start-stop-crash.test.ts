import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { dbDirOf, livePostmaster, wipeData } from '../../src/db.ts';
import { CLI, PACKAGE_DIR } from '../support/paths.ts';

// `npm run stack` killed with SIGKILL, PostgreSQL and all (a crash, an OOM kill, a closed terminal's process
// group): the next start must succeed even while the killed server is a zombie nobody has reaped yet, and every
// write PostgreSQL acknowledged before the kill must be there after it. Without LOCAL_SUPABASE_TEST, so the server
// runs with fsync and synchronous commit on, as `npm run stack` does.
const BASE = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + 420;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-crash-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  LOCAL_SUPABASE_API_PORT: String(BASE + 1),
  LOCAL_SUPABASE_DB_PORT: String(BASE + 2),
  LOCAL_SUPABASE_INBOX_PORT: String(BASE + 4),
  LOCAL_SUPABASE_SMTP_PORT: String(BASE + 5),
  LOCAL_SUPABASE_DATA_DIR: dataDir,
  LOCAL_SUPABASE_SERVICES: 'rest',
};
delete env.LOCAL_SUPABASE_TEST;
const stackConfig = loadConfig({ dataDir });
const DB_URL = `postgresql://postgres:postgres@127.0.0.1:${BASE + 2}/postgres`;

/** The stack in a process group of its own, so that one SIGKILL reaches it and every PostgreSQL process. */
async function startStack(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'stack'], {
    cwd: PACKAGE_DIR,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('local Supabase ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stack exited while starting (${code}): ${out}`)));
  });
  return child;
}

function killGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

/** Writers inserting one row per statement until stopped; `acked` holds the rows PostgreSQL acknowledged. */
function startWriters(count: number, round: number) {
  const acked: string[] = [];
  let stopped = false;
  const clients: pg.Client[] = [];
  const done = Array.from({ length: count }, async (_, w) => {
    const c = new pg.Client({ connectionString: DB_URL });
    c.on('error', () => undefined);
    clients.push(c);
    await c.connect();
    for (let n = 0; !stopped; n++) {
      const key = `${round}-${w}-${n}`;
      try {
        await c.query('insert into public.crash_probe (key) values ($1)', [key]);
      } catch {
        return; // the server is gone
      }
      acked.push(key);
    }
    await c.end();
  });
  return {
    acked,
    stop: async () => {
      stopped = true;
      await Promise.allSettled(done);
      for (const c of clients) void c.end().catch(() => undefined);
    },
  };
}

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: DB_URL });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}

afterAll(async () => {
  // The last SIGKILL reaches PostgreSQL too, but its processes may take a moment to be gone: wait for that (the
  // start after a kill waits the same way), at most 15 s, then remove the data.
  const deadline = Date.now() + 15_000;
  while (livePostmaster(dbDirOf(stackConfig)) !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  wipeData(stackConfig);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run stack after kill -9', () => {
  it('starts again every time, with every acknowledged write', async () => {
    let stack = await startStack();
    await query('create table public.crash_probe (key text primary key)');
    const acknowledged: string[] = [];
    for (let round = 0; round < 4; round++) {
      const writers = startWriters(10, round);
      // Kill in the middle of the writing, once some hundreds of rows are acknowledged.
      await until(() => writers.acked.length >= 300);
      await killGroup(stack);
      await writers.stop();
      acknowledged.push(...writers.acked);
      // At once: the killed postmaster may still be a zombie (nobody has reaped it) and its postmaster.pid stays.
      stack = await startStack();
      const rows = await query<{ key: string }>('select key from public.crash_probe');
      const present = new Set(rows.map((r) => r.key));
      expect(acknowledged.filter((k) => !present.has(k))).toEqual([]);
    }
    await killGroup(stack);
  });
});
