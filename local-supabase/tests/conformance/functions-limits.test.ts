import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackConfig } from '../../src/config.ts';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';
import { FIXTURE_FUNCTIONS } from '../support/paths.ts';

// Time limits need a stack of their own with short limits (hosted: 150 s request idle timeout,
// 400 s wall clock per worker, supabase.com/docs/guides/functions/limits), so this file starts one
// on free ports with only the functions service.

let isolated: IsolatedStack;
let config: StackConfig;
const IDLE_MS = 2000;
const WALL_CLOCK_MS = 5000;

beforeAll(async () => {
  isolated = await startIsolatedStack({
    name: 'test-functions-limits',
    testMode: true,
    env: {
      LOCAL_SUPABASE_SERVICES: 'functions',
      LOCAL_SUPABASE_FUNCTIONS_DIRS: FIXTURE_FUNCTIONS,
      LOCAL_SUPABASE_FUNCTIONS_IDLE_TIMEOUT_MS: String(IDLE_MS),
      LOCAL_SUPABASE_FUNCTIONS_WALL_CLOCK_MS: String(WALL_CLOCK_MS),
    },
  });
  config = isolated.config;
});

afterAll(async () => {
  await isolated?.stop();
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
    // The stream never ends by itself, so reaching the end at all is the cut; how soon after the wall clock
    // depends on the machine's load, so only "not before it" is asserted.
    expect(elapsed).toBeGreaterThanOrEqual(WALL_CLOCK_MS - 500);
  });
});
