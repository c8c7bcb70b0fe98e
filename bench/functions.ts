// Edge Functions invocation overhead: an empty function (bench/fixtures/functions/empty, verify_jwt on)
// called through the gateway after warm-up, so the figure is the platform's own cost per call
// (gateway, JWT check, proxy to the warm Deno worker and back). Goal: p50 ≤ 10 ms on loopback.
// A report, not a test. Used by bench/stack.ts (`npm run bench:stack`).
import http from 'node:http';
import { startIsolatedStack } from '@good-space/local-supabase';
import { percentile } from './stats.ts';

/** The bench's own empty function (the stack package's test fixtures are its own, not an entry point). */
export const BENCH_FUNCTIONS_DIR = 'bench/fixtures/functions';

export interface FunctionsBenchOptions {
  apiUrl: string;
  anonKey: string;
  /** The function to call; it must answer quickly and exist on the stack. */
  functionName?: string;
  warmup?: number;
  /** Sequential calls measured one at a time. */
  calls?: number;
  /** Concurrent callers for the throughput figure, and how long they run. */
  concurrency?: number;
  throughputMs?: number;
}

export interface FunctionsBenchResult {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  calls: number;
  /** Calls per second with `concurrency` callers. */
  throughput: number;
  concurrency: number;
}

export class FunctionMissingError extends Error {}

function once(agent: http.Agent, url: URL, anonKey: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method: 'POST', agent, headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey, 'Content-Length': 0 } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 404) reject(new FunctionMissingError(`${url.pathname}: 404`));
        else if ((res.statusCode ?? 500) >= 300) reject(new Error(`${url.pathname}: HTTP ${res.statusCode}`));
        else resolve(performance.now() - t0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function benchFunctions(opts: FunctionsBenchOptions): Promise<FunctionsBenchResult> {
  const { functionName = 'empty', warmup = 50, calls = 500, concurrency = 8, throughputMs = 2000 } = opts;
  const url = new URL(`${opts.apiUrl}/functions/v1/${functionName}`);
  // One kept-alive connection per caller, as a browser or supabase-js on Node would have.
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    for (let i = 0; i < warmup; i++) await once(agent, url, opts.anonKey);
    const times: number[] = [];
    for (let i = 0; i < calls; i++) times.push(await once(agent, url, opts.anonKey));

    let done = 0;
    const until = performance.now() + throughputMs;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          await once(agent, url, opts.anonKey);
          done++;
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      calls: times.length,
      throughput: done / elapsed,
      concurrency,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * Benches against a stack that serves the bench's function (LOCAL_SUPABASE_FUNCTIONS_DIRS=bench/fixtures/functions);
 * the product stack does not, so it then starts a functions-only stack of its own on free ports.
 */
export async function benchWithFixtures(opts: FunctionsBenchOptions): Promise<FunctionsBenchResult> {
  try {
    return await benchFunctions(opts);
  } catch (err) {
    if (!(err instanceof FunctionMissingError)) throw err;
  }
  return benchOwnStack(opts);
}

/** Starts a functions-only stack serving the fixtures, benches it, stops it. */
export async function benchOwnStack(opts: Omit<FunctionsBenchOptions, 'apiUrl' | 'anonKey'> = {}): Promise<FunctionsBenchResult> {
  const own = await startIsolatedStack({
    name: 'bench-functions',
    env: { LOCAL_SUPABASE_SERVICES: 'functions', LOCAL_SUPABASE_FUNCTIONS_DIRS: BENCH_FUNCTIONS_DIR },
  });
  try {
    return await benchFunctions({ ...opts, apiUrl: own.config.apiUrl, anonKey: own.config.anonKey });
  } finally {
    await own.stop();
  }
}

/** The section `bench/stack.ts` prints and writes to docs/benchmarks.md. */
// The legacy anon JWT on purpose: this measures the platform's verify_jwt on a JWT Bearer token, which an
// sb_publishable_ key is not (hosted's functions refuse a Bearer sb_ key; docs/decisions/0037-keys-and-claims.md).
export async function benchSection(common: { apiUrl: string; config: { anonKey: string } }): Promise<{ title: string; lines: string[] }> {
  return section(await benchWithFixtures({ apiUrl: common.apiUrl, anonKey: common.config.anonKey }));
}

function section(r: FunctionsBenchResult): { title: string; lines: string[] } {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  return {
    title: 'Edge Functions invocation overhead (empty function, warm worker, through the gateway; goal p50 ≤ 10 ms)',
    lines: [
      `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, mean ${ms(r.mean)} over ${r.calls} sequential calls`,
      `${Math.round(r.throughput)} calls/s with ${r.concurrency} concurrent callers`,
    ],
  };
}

// `npx tsx bench/functions.ts`: this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchOwnStack()
    .then((r) => section(r))
    .then((s) => console.log(`${s.title}\n${s.lines.join('\n')}`))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
