// Realtime postgres_changes: commit-to-delivery latency with many subscribed clients (goal: p95 ≤ 100 ms with
// 100 clients and 50 inserts/s). Every client is a different signed-in user on a table with RLS, so each
// change is checked for 100 (role, claims) groups, the expensive path. Loopback only, bounded in time.
// A report, not a test. Used by bench/stack.ts (`npm run bench:stack`); alone: `npx tsx bench/realtime.ts`.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SignJWT } from 'jose';
import pg from 'pg';
import { DEFAULT_JWT_SECRET, startIsolatedStack } from '@good-space/local-supabase';
import { percentile } from './stats.ts';

export interface RealtimeBenchOptions {
  apiUrl: string;
  /** As `postgres` (DB_URL): creates and drops the bench table. */
  dbUrl: string;
  publishableKey: string;
  /** Signs the clients' user tokens (the project's JWT secret). */
  jwtSecret?: string;
  clients?: number;
  /** Distinct signed-in users among the clients (default: one each, so RLS runs for every client). */
  users?: number;
  /** Row-level security on the table (default true); false measures fan-out alone. */
  rls?: boolean;
  insertsPerSecond?: number;
  durationMs?: number;
  /** How long to wait for the last deliveries after the last insert. */
  drainMs?: number;
}

export interface RealtimeBenchResult {
  clients: number;
  users: number;
  rls: boolean;
  inserts: number;
  /** Messages expected (inserts × clients) and received. */
  expected: number;
  delivered: number;
  duplicates: number;
  /** Commit-to-delivery latency in ms (receive time − commit_timestamp). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  insertsPerSecond: number;
}

const TABLE = 'rt_bench';

async function setup(dbUrl: string, rls: boolean): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query(`
      drop table if exists public.${TABLE};
      create table public.${TABLE} (id bigint generated always as identity primary key, author uuid, body text, created_at timestamptz default now());
      ${rls ? `alter table public.${TABLE} enable row level security;` : ''}
      grant select, insert on public.${TABLE} to authenticated;
      create policy "signed-in users read" on public.${TABLE} for select to authenticated using ((select auth.uid()) is not null);
      alter publication supabase_realtime add table public.${TABLE};
    `);
  } finally {
    await c.end();
  }
}

async function teardown(dbUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query(`drop table if exists public.${TABLE}`);
  } finally {
    await c.end();
  }
}

/**
 * The subscribed clients run in a worker thread: they stand for browsers elsewhere, so their parsing must not
 * queue on the event loop of the server being measured (bench:stack runs the stack in this process).
 * Plain CommonJS evaluated in the worker, since workers do not inherit the TypeScript loader.
 */
const CLIENTS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { url, tokens, table } = workerData;
const COMMIT_TS = /"commit_timestamp":"([^"]+)"/;
const RECORD_ID = /"record":\\{[^]*?"id":(\\d+)/;
const latencies = [];
const clients = [];
function connect(token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const c = { ws, seen: new Set(), duplicates: 0 };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      const now = Date.now();
      if (text.includes('"postgres_changes",{"data"')) {
        const ts = COMMIT_TS.exec(text);
        const id = RECORD_ID.exec(text);
        if (ts) latencies.push(now - Date.parse(ts[1]));
        const n = id ? Number(id[1]) : -1;
        if (c.seen.has(n)) c.duplicates++; else c.seen.add(n);
      } else if (text.includes('"system"')) {
        if (text.includes('Subscribed to PostgreSQL')) resolve(c); else reject(new Error(text));
      }
    });
    ws.on('open', () => ws.send(JSON.stringify(['1', '1', 'realtime:bench', 'phx_join', {
      config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false },
                postgres_changes: [{ event: 'INSERT', schema: 'public', table }], private: false },
      access_token: token,
    }])));
  });
}
(async () => {
  try {
    for (const t of tokens) clients.push(await connect(t));
    parentPort.postMessage({ type: 'ready' });
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: String(err && err.message || err) });
  }
})();
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ type: 'count', delivered: clients.reduce((s, c) => s + c.seen.size, 0) });
  if (m === 'collect') {
    parentPort.postMessage({ type: 'result', latencies,
      delivered: clients.reduce((s, c) => s + c.seen.size, 0),
      duplicates: clients.reduce((s, c) => s + c.duplicates, 0) });
    for (const c of clients) c.ws.terminate();
  }
});
`;

type WorkerReply =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'count'; delivered: number }
  | { type: 'result'; latencies: number[]; delivered: number; duplicates: number };

function ask(worker: Worker, question: 'count' | 'collect', answer: WorkerReply['type']): Promise<WorkerReply> {
  return new Promise((resolve) => {
    const on = (m: WorkerReply) => {
      if (m.type !== answer) return;
      worker.off('message', on);
      resolve(m);
    };
    worker.on('message', on);
    worker.postMessage(question);
  });
}

export async function benchRealtime(opts: RealtimeBenchOptions): Promise<RealtimeBenchResult> {
  const { clients: n = 100, insertsPerSecond = 50, durationMs = 10_000, drainMs = 5_000 } = opts;
  const secret = new TextEncoder().encode(opts.jwtSecret ?? DEFAULT_JWT_SECRET);
  const rls = opts.rls ?? true;
  await setup(opts.dbUrl, rls);
  const writer = new pg.Pool({ connectionString: opts.dbUrl, max: 4 });
  const users = Math.max(1, Math.min(n, opts.users ?? n));
  const userTokens: string[] = [];
  for (let i = 0; i < users; i++) {
    userTokens.push(
      await new SignJWT({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret),
    );
  }
  const tokens = Array.from({ length: n }, (_, i) => userTokens[i % users]!);
  const url = `${opts.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(opts.publishableKey)}&vsn=2.0.0`;
  const worker = new Worker(CLIENTS_WORKER, {
    eval: true,
    workerData: { wsPath: createRequire(import.meta.url).resolve('ws'), url, tokens, table: TABLE },
  });
  try {
    const ready = await Promise.race([
      new Promise<WorkerReply>((resolve) => worker.once('message', resolve)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('clients did not subscribe within 60 s')), 60_000).unref()),
    ]);
    if (ready.type === 'error') throw new Error(`clients: ${ready.message}`);

    // Inserts on a fixed schedule (each its own transaction), not back to back.
    const total = Math.round((insertsPerSecond * durationMs) / 1000);
    const interval = 1000 / insertsPerSecond;
    const start = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(writer.query(`insert into public.${TABLE} (author, body) values ($1, $2)`, [randomUUID(), `message ${i}`]));
    }
    await Promise.all(pending);
    const insertSeconds = (performance.now() - start) / 1000;
    const expected = total * n;
    const deadline = Date.now() + drainMs;
    while (Date.now() < deadline) {
      const c = (await ask(worker, 'count', 'count')) as { delivered: number };
      if (c.delivered >= expected) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const r = (await ask(worker, 'collect', 'result')) as Extract<WorkerReply, { type: 'result' }>;
    return {
      clients: n,
      users,
      rls,
      inserts: total,
      expected,
      delivered: r.delivered,
      duplicates: r.duplicates,
      p50: percentile(r.latencies, 50),
      p95: percentile(r.latencies, 95),
      p99: percentile(r.latencies, 99),
      max: r.latencies.reduce((m, x) => Math.max(m, x), 0),
      insertsPerSecond: total / insertSeconds,
    };
  } finally {
    await worker.terminate();
    await writer.end();
    await teardown(opts.dbUrl);
  }
}

function section(r: RealtimeBenchResult): { title: string; lines: string[] } {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  return {
    title: `Realtime postgres_changes, commit to delivery (${r.clients} clients, ${r.users} users, ${r.rls ? 'RLS' : 'no RLS'}, ${Math.round(r.insertsPerSecond)} inserts/s; goal p95 ≤ 100 ms)`,
    lines: [
      `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
      `${r.delivered} of ${r.expected} messages delivered (${r.inserts} inserts × ${r.clients} clients), ${r.duplicates} duplicates`,
    ],
  };
}

/** The section `bench/stack.ts` prints and writes to docs/benchmarks.md. */
export async function benchSection(common: {
  apiUrl: string;
  dbUrl: string;
  publishableKey: string;
  config?: { jwtSecret: string };
}): Promise<{ title: string; lines: string[] }> {
  return section(await benchRealtime({ apiUrl: common.apiUrl, dbUrl: common.dbUrl, publishableKey: common.publishableKey, jwtSecret: common.config?.jwtSecret }));
}

/** A database + Realtime stack of its own, benched and removed. */
export async function benchOwnStack(opts: Partial<RealtimeBenchOptions> = {}): Promise<RealtimeBenchResult> {
  const own = await startIsolatedStack({ name: 'bench-realtime', env: { LOCAL_SUPABASE_SERVICES: 'realtime' } });
  const { config } = own;
  try {
    return await benchRealtime({ ...opts, apiUrl: config.apiUrl, dbUrl: config.dbUrl, publishableKey: config.publishableKey, jwtSecret: config.jwtSecret });
  } finally {
    await own.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchOwnStack()
    .then((r) => section(r))
    .then((s) => console.log(`${s.title}\n${s.lines.join('\n')}`))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
