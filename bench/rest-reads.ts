// REST read throughput: single-row primary-key reads through /rest/v1 as a signed-in user whose rows are
// guarded by an RLS policy, N concurrent keep-alive connections, loopback only. Compared with the same
// read straight against Postgres (pgRps), and with PostgREST's published ~2,000 req/s on 2 vCPUs
// (PostgREST documentation, performance). A report, not a test.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { Pool } from 'undici';
import { percentile } from './stats.ts';

export interface RestReadsOptions {
  apiUrl: string;
  dbUrl: string;
  publishableKey: string;
  /** A user access token; its `sub` owns the fixture rows. Made from `jwtSecret` when absent. */
  jwt?: string;
  jwtSecret?: string;
  connections?: number;
  durationMs?: number;
  warmupMs?: number;
  maxRequests?: number;
  rows?: number;
}

export interface RestReadsResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  /** The same read (role switch, claims, RLS, JSON shaping) straight against Postgres, same concurrency. */
  pgRps: number;
  pgP50: number;
  pgP95: number;
  connections: number;
  durationMs: number;
}

const TABLE = 'bench_rest_reads';

function subOf(jwt: string): string {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub?: string };
  if (!payload.sub) throw new Error('the benchmark token needs a sub claim');
  return payload.sub;
}

async function userJwt(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated', aal: 'aal1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

async function withDb<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function createFixture(dbUrl: string, owner: string, rows: number): Promise<void> {
  await withDb(dbUrl, async (c) => {
    await c.query(`drop table if exists ${TABLE}`);
    await c.query(`create table ${TABLE} (
      id int primary key, owner uuid not null, name text not null, price numeric(10,2), created_at timestamptz not null default now())`);
    await c.query(
      `insert into ${TABLE} (id, owner, name, price) select i, case when i % 10 = 0 then gen_random_uuid() else $1::uuid end, 'item ' || i, i * 1.25 from generate_series(1, $2) i`,
      [owner, rows],
    );
    await c.query(`alter table ${TABLE} enable row level security`);
    await c.query(`create policy "owner reads" on ${TABLE} for select to authenticated using (owner = (select auth.uid()))`);
    await c.query(`grant select on ${TABLE} to authenticated`);
    await c.query(`analyze ${TABLE}`);
    await c.query(`notify pgrst, 'reload schema'`);
  });
}

async function dropFixture(dbUrl: string): Promise<void> {
  await withDb(dbUrl, (c) => c.query(`drop table if exists ${TABLE}`));
}

/** Ids the user owns (every id not divisible by 10). */
function ownedId(rows: number): number {
  for (;;) {
    const id = 1 + Math.floor(Math.random() * rows);
    if (id % 10 !== 0) return id;
  }
}

async function waitVisible(pool: Pool, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await pool.request({ method: 'GET', path: `/rest/v1/${TABLE}?select=id&id=eq.1`, headers });
    await res.body.text();
    if (res.statusCode === 200) return;
    if (Date.now() > deadline) throw new Error(`REST never served ${TABLE} (last status ${res.statusCode})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs `worker` on `connections` lanes until the time or request budget runs out; returns latencies. */
async function load(
  connections: number,
  durationMs: number,
  maxRequests: number,
  once: () => Promise<boolean>,
): Promise<{ latencies: number[]; errors: number; elapsed: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const end = t0 + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end && started < maxRequests) {
        started++;
        const t = performance.now();
        const ok = await once().catch(() => false);
        if (ok) latencies.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  return { latencies, errors, elapsed: performance.now() - t0 };
}

export async function benchRestReads(opts: RestReadsOptions): Promise<RestReadsResult> {
  const connections = opts.connections ?? 20;
  const durationMs = opts.durationMs ?? 10_000;
  const warmupMs = opts.warmupMs ?? 2_000;
  const maxRequests = opts.maxRequests ?? 500_000;
  const rows = opts.rows ?? 10_000;
  const jwt = opts.jwt ?? (await userJwt(opts.jwtSecret ?? 'super-secret-jwt-token-with-at-least-32-characters-long'));
  const owner = subOf(jwt);
  const api = new URL(opts.apiUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(api.hostname)) throw new Error('the benchmark only targets loopback');

  await createFixture(opts.dbUrl, owner, rows);
  const http = new Pool(api.origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const headers = { apikey: opts.publishableKey, authorization: `Bearer ${jwt}`, accept: 'application/vnd.pgrst.object+json' };
  try {
    await waitVisible(http, headers);
    const once = async () => {
      const res = await http.request({ method: 'GET', path: `/rest/v1/${TABLE}?select=*&id=eq.${ownedId(rows)}`, headers });
      await res.body.text();
      return res.statusCode === 200;
    };
    await load(connections, warmupMs, maxRequests, once);
    const run = await load(connections, durationMs, maxRequests, once);

    // The same work straight against Postgres: role switch with claims, the RLS-guarded read, JSON shaping.
    const pgPool = new pg.Pool({ connectionString: opts.dbUrl.replace(/\/\/[^:]+:/, '//authenticator:'), max: connections });
    const claims = JSON.stringify({ sub: owner, role: 'authenticated' });
    const pgOnce = async () => {
      const c = await pgPool.connect();
      try {
        await c.query('begin read only');
        await c.query({ name: 'bench_cfg', text: "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", values: [claims] });
        const r = await c.query({ name: 'bench_read', text: `select row_to_json(t)::text as body from ${TABLE} t where id = $1`, values: [ownedId(rows)] });
        await c.query('commit');
        return r.rowCount === 1;
      } finally {
        c.release();
      }
    };
    await load(connections, Math.min(warmupMs, 1000), maxRequests, pgOnce);
    const pgRun = await load(connections, Math.min(durationMs, 5000), maxRequests, pgOnce);
    await pgPool.end();

    return {
      rps: Math.round((run.latencies.length / run.elapsed) * 1000),
      p50: round(percentile(run.latencies, 50)),
      p95: round(percentile(run.latencies, 95)),
      p99: round(percentile(run.latencies, 99)),
      requests: run.latencies.length,
      errors: run.errors,
      pgRps: Math.round((pgRun.latencies.length / pgRun.elapsed) * 1000),
      pgP50: round(percentile(pgRun.latencies, 50)),
      pgP95: round(percentile(pgRun.latencies, 95)),
      connections,
      durationMs,
    };
  } finally {
    await http.close();
    await dropFixture(opts.dbUrl);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export function formatRestReads(r: RestReadsResult): string[] {
  return [
    `${r.rps} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (${r.requests} requests, ${r.errors} errors, ${r.connections} connections, ${r.durationMs / 1000} s)`,
    `same read straight against Postgres (role switch + claims + RLS, one pg connection per lane): ${r.pgRps} req/s, p50 ${r.pgP50} ms, p95 ${r.pgP95} ms`,
    `REST ÷ Postgres: throughput ${(r.rps / r.pgRps).toFixed(2)}×, p50 latency ${(r.p50 / r.pgP50).toFixed(1)}×, p95 latency ${(r.p95 / r.pgP95).toFixed(1)}×`,
    'published PostgREST: ~2,068 req/s for GET single row on 2 vCPU (supabase/benchmarks-archive #2)',
  ];
}

/** The section `npm run bench:stack` prints (bench/stack.ts). */
export async function benchSection(common: { apiUrl: string; dbUrl: string; publishableKey: string; config?: { jwtSecret: string } }) {
  const r = await benchRestReads({ apiUrl: common.apiUrl, dbUrl: common.dbUrl, publishableKey: common.publishableKey, jwtSecret: common.config?.jwtSecret });
  return { title: 'REST single-row PK reads (authenticated, RLS, 20 connections; PostgREST ≈ 2,000 req/s)', lines: formatRestReads(r) };
}

// Standalone: tsx bench/rest-reads.ts [apiUrl] [dbUrl]; defaults to `npm run stack`'s ports.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const apiUrl = process.argv[2] ?? process.env.API_URL ?? 'http://127.0.0.1:54321';
  const dbUrl = process.argv[3] ?? process.env.DB_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres';
  const publishableKey = process.env.PUBLISHABLE_KEY ?? (await import('@good-space/local-supabase')).DEFAULT_PUBLISHABLE_KEY;
  const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
  benchRestReads({ apiUrl, dbUrl, publishableKey, durationMs })
    .then((r) => {
      for (const line of formatRestReads(r)) console.log(line);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
