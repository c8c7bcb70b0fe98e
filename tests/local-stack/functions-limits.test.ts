import net from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot, type StackConfig } from '../../local-supabase/src/config.ts';
import { wipeData } from '../../local-supabase/src/db.ts';
import { startStack, type RunningStack } from '../../local-supabase/src/stack.ts';

// Time limits need a stack of their own with short limits (hosted: 150 s request idle timeout,
// 400 s wall clock per worker, supabase.com/docs/guides/functions/limits), so this file starts one
// on free ports with only the functions service.

let stack: RunningStack;
let config: StackConfig;
let dataDir: string;
const IDLE_MS = 2000;
const WALL_CLOCK_MS = 5000;

/** Sets variables the stack reads at start; returns a function putting the previous values back. */
function setEnv(vars: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const restore = setEnv({
    LOCAL_SUPABASE_SERVICES: 'functions',
    LOCAL_SUPABASE_FUNCTIONS_DIRS: 'tests/fixtures/functions',
    LOCAL_SUPABASE_FUNCTIONS_IDLE_TIMEOUT_MS: String(IDLE_MS),
    LOCAL_SUPABASE_FUNCTIONS_WALL_CLOCK_MS: String(WALL_CLOCK_MS),
  });
  try {
    const apiPort = await freePort();
    // Under .data like the main test stack: PostgreSQL (run as another OS user under root) must reach it.
    dataDir = path.join(repoRoot, '.data', `test-functions-limits-${apiPort}`);
    config = loadConfig({ apiPort, dbPort: await freePort(), inboxPort: await freePort(), dataDir, testMode: true });
    wipeData(config);
    stack = await startStack(config, () => undefined);
  } finally {
    restore();
  }
});

afterAll(async () => {
  await stack?.stop();
  if (config) wipeData(config);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function invoke(fn: string): Promise<Response> {
  return fetch(`${config.apiUrl}/functions/v1/${fn}`, { headers: { Authorization: `Bearer ${config.anonKey}` } });
}

describe('function time limits', () => {
  it('answers a request that gets no response within the idle timeout with 504 IDLE_TIMEOUT', async () => {
    const t0 = Date.now();
    const res = await invoke('slow');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(res.status).toBe(504);
    expect(res.headers.get('sb-error-code')).toBe('IDLE_TIMEOUT');
    expect(await res.json()).toEqual({ code: 'IDLE_TIMEOUT', message: 'Request idle timeout limit (2s) reached' });
    // The worker lives on and answers quick requests.
    expect(await (await invoke('slow?ms=10')).text()).toBe('answered after 10 ms');
  });

  it('retires a worker at half its wall clock and boots a fresh one for later requests', async () => {
    const pid = async () => ((await (await invoke('echo')).json()) as { pid: number }).pid;
    const first = await pid();
    expect(await pid()).toBe(first);
    await new Promise((r) => setTimeout(r, WALL_CLOCK_MS / 2 + 300));
    expect(await pid()).not.toBe(first);
  });

  it('cuts a response still streaming when its worker reaches the wall clock', async () => {
    // Ticks keep the idle timer from firing; the worker's wall clock ends the stream (hosted: 546 in logs).
    const t0 = Date.now();
    const res = await invoke('ticker');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let ticks = 0;
    try {
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
        ticks++;
      }
    } catch {
      // The connection is destroyed mid-body: what a client of a killed worker sees.
    }
    const elapsed = Date.now() - t0;
    expect(ticks).toBeGreaterThan(5);
    expect(elapsed).toBeGreaterThanOrEqual(WALL_CLOCK_MS - 500);
    expect(elapsed).toBeLessThan(WALL_CLOCK_MS + 3000);
  }, 15_000);
});
