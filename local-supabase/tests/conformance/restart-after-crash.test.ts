import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY, loadConfig } from '../../src/config.ts';
import { dbDirOf, livePostmaster, wipeData } from '../../src/db.ts';
import { nodeOptions } from '../../src/testing/index.ts';
import { CLI, PACKAGE_DIR } from '../support/paths.ts';

// `npm run stack` (and `npm start`, which runs the same command) killed with SIGKILL, its whole process group at
// once (the Node process, PostgreSQL's postmaster and backends, the Deno function workers), while it is busy
// with every service and with malformed requests: the next start must come up on its first attempt, every time,
// with every service answering (local-supabase/README.md, "After a crash"). Without LOCAL_SUPABASE_TEST, so
// PostgreSQL runs with fsync on and has real crash recovery to do, as after `npm run stack`.
// LOCAL_SUPABASE_CRASH_CYCLES runs more kill/start cycles than the default two (the second starts from a stack
// that itself recovered; the ADR records the 20-cycle runs).
const BASE = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + 150;
const CYCLES = Number(process.env.LOCAL_SUPABASE_CRASH_CYCLES ?? 2);
const API = `http://127.0.0.1:${BASE + 1}`;
const DB_URL = `postgresql://postgres:postgres@127.0.0.1:${BASE + 2}/postgres`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-restart-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  LOCAL_SUPABASE_API_PORT: String(BASE + 1),
  LOCAL_SUPABASE_DB_PORT: String(BASE + 2),
  LOCAL_SUPABASE_INBOX_PORT: String(BASE + 4),
  LOCAL_SUPABASE_SMTP_PORT: String(BASE + 5),
  LOCAL_SUPABASE_PUSH_PORT: String(BASE + 6),
  LOCAL_SUPABASE_DATA_DIR: dataDir,
};
delete env.LOCAL_SUPABASE_TEST;
delete env.LOCAL_SUPABASE_SERVICES;
const stackConfig = loadConfig({ dataDir });

interface Started {
  child: ChildProcess;
  output: () => string;
  ms: number;
}

/**
 * `npm run stack` in a process group of its own, so one SIGKILL reaches all of it. Resolves once it says it is
 * ready; rejects with everything it printed if it exits first (a start that needs a second attempt).
 */
function startStack(): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [CLI, 'stack'], { cwd: PACKAGE_DIR, env, detached: true, stdio: 'pipe' });
  let out = '';
  return new Promise<Started>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('local Supabase ready'))
        resolve({ child, output: () => out, ms: Math.round(performance.now() - t0) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`the stack exited while starting (${signal ?? code}):\n${out}`)),
    );
  });
}

/** Live processes of a process group (Linux: /proc/<pid>/stat's fifth field), zombies left out. */
function liveInGroup(pgid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Live processes working in `dir` (PostgreSQL's all chdir to their data folder), zombies left out. */
function liveIn(dir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
      if (readlinkSync(`/proc/${entry}/cwd`) === dir && state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

function killGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

const json = { 'Content-Type': 'application/json' };
const anon = { apikey: DEFAULT_PUBLISHABLE_KEY };
const service = { apikey: DEFAULT_SECRET_KEY };

/** One raw HTTP exchange the stack should survive: bytes written as given, the socket then ended or dropped. */
function raw(bytes: string | Buffer, then: 'end' | 'destroy' | 'hold', held: net.Socket[]): Promise<void> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: BASE + 1 });
    s.on('error', () => resolve());
    s.on('close', () => resolve());
    s.on('data', () => undefined);
    // A stack that never answers or closes would hold this loop up: give up on the exchange after a while.
    s.setTimeout(10_000, () => s.destroy());
    s.once('connect', () => {
      s.write(bytes, () => {
        if (then === 'end') s.end();
        else if (then === 'destroy') s.destroy();
        else {
          // Half-open: the request never finishes; the socket stays until the stack dies.
          held.push(s);
          resolve();
        }
      });
    });
  });
}

/**
 * Load on every service at once, good and malformed, until stopped: REST reads and bad JSON, password sign-ins
 * and bad ones, Storage uploads (whole and aborted half way), function calls (a Deno worker each), huge headers,
 * truncated bodies, half-open sockets, direct database writers (so the kill leaves WAL to replay) and one long
 * statement.
 * `done` counts finished requests; `acked` holds the rows PostgreSQL acknowledged.
 */
function startLoad(round: number) {
  let stopped = false;
  let done = 0;
  const acked: string[] = [];
  const held: net.Socket[] = [];
  const clients: pg.Client[] = [];
  const photo = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200_000, 7)]);
  const request = async (url: string, init: RequestInit) => {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
    } catch {
      /* the stack is being killed, or refused the request: both expected */
    }
    done++;
  };
  const kinds: (() => Promise<unknown>)[] = [
    () => request(`${API}/rest/v1/places?select=*&limit=5`, { headers: anon }),
    () => request(`${API}/rest/v1/places`, { method: 'POST', headers: { ...anon, ...json }, body: '{"name": ' }),
    () =>
      request(`${API}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { ...anon, ...json },
        body: JSON.stringify({ email: 'customer@goodspace.test', password: 'GoodSpace123' }),
      }),
    () =>
      request(`${API}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { ...anon, ...json },
        body: '{"email": "customer@goodspace.test", "passw',
      }),
    () =>
      request(`${API}/storage/v1/object/project-photos/crash/${randomUUID()}.png`, {
        method: 'POST',
        headers: { ...service, 'Content-Type': 'image/png' },
        body: photo,
      }),
    () => request(`${API}/functions/v1/unsubscribe?token=not-a-token`, { headers: anon }),
    () =>
      raw(
        `POST /storage/v1/object/project-photos/crash/${randomUUID()}.png HTTP/1.1\r\nHost: x\r\napikey: ${DEFAULT_SECRET_KEY}\r\n` +
          `Content-Type: image/png\r\nContent-Length: 1000000\r\n\r\n${photo.subarray(0, 100_000).toString('latin1')}`,
        'destroy',
        held,
      ).then(() => done++),
    () =>
      raw(
        `GET /rest/v1/places HTTP/1.1\r\nHost: x\r\napikey: ${DEFAULT_PUBLISHABLE_KEY}\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
        'end',
        held,
      ).then(() => done++),
    () =>
      raw(
        `POST /rest/v1/places HTTP/1.1\r\nHost: x\r\napikey: ${DEFAULT_PUBLISHABLE_KEY}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"na`,
        'end',
        held,
      ).then(() => done++),
    () => raw('\u0000\u00ff garbage \r\n\r\n', 'end', held).then(() => done++),
    () =>
      held.length < 200
        ? raw(`GET /auth/v1/health HTTP/1.1\r\nHost: x\r\napikey: ${DEFAULT_PUBLISHABLE_KEY}\r\n`, 'hold', held).then(
            () => done++,
          )
        : request(`${API}/auth/v1/health`, { headers: anon }),
  ];
  const loops = kinds.flatMap((kind) =>
    Array.from({ length: 3 }, async () => {
      while (!stopped) await kind();
    }),
  );
  const writers = Array.from({ length: 6 }, async (_, w) => {
    const c = new pg.Client({ connectionString: DB_URL });
    c.on('error', () => undefined);
    clients.push(c);
    try {
      await c.connect();
    } catch {
      return;
    }
    for (let n = 0; !stopped; n++) {
      const key = `${round}-${w}-${n}`;
      try {
        await c.query("insert into public.crash_probe (key, pad) values ($1, repeat('x', 2000))", [key]);
      } catch {
        return; // the server is gone
      }
      acked.push(key);
    }
  });
  // A long statement in flight (a report, an index build, a heavy query): a backend busy computing does not look
  // for its postmaster's death, so it outlives the kill with the old shared memory attached.
  const long = new pg.Client({ connectionString: DB_URL });
  long.on('error', () => undefined);
  clients.push(long);
  void long
    .connect()
    .then(() => long.query('select count(*) from generate_series(1, 3000000000::bigint)'))
    .catch(() => undefined);
  return {
    acked,
    done: () => done,
    async stop() {
      stopped = true;
      for (const s of held) s.destroy();
      for (const c of clients) void c.end().catch(() => undefined);
      await Promise.allSettled([...loops, ...writers]);
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
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
}

/** Every service answers as it does after a clean start. */
async function expectHealthy(): Promise<void> {
  expect((await fetch(`${API}/auth/v1/health`, { headers: anon })).status).toBe(200);

  const rest = await fetch(`${API}/rest/v1/places?select=*&limit=1`, { headers: anon });
  expect(rest.status).toBe(200);
  expect(Array.isArray(await rest.json())).toBe(true);

  const client = createClient(API, DEFAULT_PUBLISHABLE_KEY, nodeOptions);
  const { data, error } = await client.auth.signInWithPassword({
    email: 'customer@goodspace.test',
    password: 'GoodSpace123',
  });
  expect(error).toBeNull();
  expect(data.session?.access_token).toBeTruthy();

  const buckets = await fetch(`${API}/storage/v1/bucket`, { headers: service });
  expect(buckets.status).toBe(200);
  expect(((await buckets.json()) as { id: string }[]).map((b) => b.id)).toContain('project-photos');

  // A function answers from its Deno worker: a refused token is the function's own 400 page, not the stack's 5xx.
  const fn = await fetch(`${API}/functions/v1/unsubscribe?token=not-a-token`, { headers: anon });
  await fn.arrayBuffer();
  expect(fn.status).toBeLessThan(500);

  const channel = client.channel(`crash-${randomUUID()}`);
  const status = await new Promise<string>((resolve) => channel.subscribe((s) => s !== 'CLOSED' && resolve(s)));
  expect(status).toBe('SUBSCRIBED');
  await client.removeChannel(channel);

  expect((await fetch(`http://127.0.0.1:${BASE + 4}/api/v1/messages`)).status).toBe(200);
}

let current: ChildProcess | null = null;
const figures: {
  cycle: number;
  startMs: number;
  recoveredS: number;
  requests: number;
  rows: number;
  survivors: number;
}[] = [];

afterAll(async () => {
  if (current && current.exitCode === null && current.signalCode === null) await killGroup(current);
  // Whatever the SIGKILL left must be gone before the data goes (at most 15 s, as a start waits).
  const deadline = Date.now() + 15_000;
  while (livePostmaster(dbDirOf(stackConfig)) !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  wipeData(stackConfig);
  rmSync(dataDir, { recursive: true, force: true });
  if (figures.length) console.log(`restart after crash: ${JSON.stringify(figures)}`);
});

describe('npm run stack after kill -9 of its process group under load', () => {
  it(
    `starts on the first attempt with every service answering (${CYCLES} cycles)`,
    async () => {
      let started = await startStack();
      current = started.child;
      await query('create table public.crash_probe (key text primary key, pad text)');
      const acknowledged: string[] = [];
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const load = startLoad(cycle);
        // Kill in the middle of it: requests of every kind finished and under way, rows being written.
        await until(() => load.done() >= 400 && load.acked.length >= 200);
        const pgid = started.child.pid!;
        await killGroup(started.child);
        const requests = load.done();
        await load.stop();
        acknowledged.push(...load.acked);
        // At once, as a person pressing the up arrow would: one attempt, which must succeed. The killed processes
        // may not all be gone yet (SIGKILL is delivered, not awaited), and PostgreSQL's backends are not even in
        // the group (each calls setsid()): they end when they notice their postmaster died.
        const survivors = liveIn(dbDirOf(stackConfig)).length + liveInGroup(pgid).length;
        started = await startStack();
        current = started.child;
        const recoveredS = Number(/PostgreSQL recovered in ([\d.]+) s/.exec(started.output())?.[1] ?? NaN);
        figures.push({ cycle, startMs: started.ms, recoveredS, requests, rows: load.acked.length, survivors });
        // The person waiting is told why this start takes longer than usual.
        expect(started.output()).toContain('PostgreSQL is recovering after an unclean stop');
        await expectHealthy();
        const present = new Set((await query<{ key: string }>('select key from public.crash_probe')).map((r) => r.key));
        expect(acknowledged.filter((k) => !present.has(k))).toEqual([]);
      }
    },
    CYCLES * 120_000,
  );

  it('starts when only the stack process was killed and its PostgreSQL was left running', async () => {
    if (!current || current.exitCode !== null || current.signalCode !== null) {
      current = (await startStack()).child;
    }
    // The OOM killer, or `kill -9 <pid>` of the Node process alone: PostgreSQL lives on, an orphan on the folder.
    const orphan = livePostmaster(dbDirOf(stackConfig));
    expect(orphan).not.toBeNull();
    await new Promise<void>((resolve) => {
      current!.once('exit', () => resolve());
      current!.kill('SIGKILL');
    });
    expect(livePostmaster(dbDirOf(stackConfig))).toBe(orphan);

    const started = await startStack();
    current = started.child;
    expect(started.output()).toContain(`PostgreSQL (pid ${orphan}) was left running by a stack that is gone`);
    expect(livePostmaster(dbDirOf(stackConfig))).not.toBe(orphan);
    await expectHealthy();
  });
});
