import { describe, expect, it, vi } from 'vitest';
import { trackPageLoad, whenPageSettled } from '@/lib/page-settled';
import { createQueryClient } from '@/lib/query-client';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('whenPageSettled', () => {
  it('runs after the current task when nothing is loading', async () => {
    const run = vi.fn();
    whenPageSettled(createQueryClient(), run);
    expect(run).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });

  it("waits for the page's route loading (also when it fails), then for its queries in flight", async () => {
    const client = createQueryClient();
    const route = deferred();
    trackPageLoad(route.promise);
    const run = vi.fn();
    whenPageSettled(client, run);
    await sleep(50);
    expect(run).not.toHaveBeenCalled();
    // The page renders and starts its reads as its route settles.
    const read = deferred<string>();
    void client.fetchQuery({ queryKey: ['projects', 'p1'], queryFn: () => read.promise });
    route.reject(new Error('chunk failed'));
    await sleep(50);
    expect(run).not.toHaveBeenCalled();
    read.resolve('loaded');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });

  it('looks again at the idle moment: reads started meanwhile are waited for too', async () => {
    const client = createQueryClient();
    const run = vi.fn();
    whenPageSettled(client, run);
    // Started after the call, before the idle moment (a page mounting its queries).
    const read = deferred<string>();
    void client.fetchQuery({ queryKey: ['projects', 'p2'], queryFn: () => read.promise });
    await sleep(100);
    expect(run).not.toHaveBeenCalled();
    read.resolve('loaded');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });

  it('waits no longer than the cap', async () => {
    // Fake clock: "not yet at 199 ms, done after 200 ms" must not depend on how busy the machine is.
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise(() => undefined) });
      const run = vi.fn();
      whenPageSettled(client, run, 200);
      await vi.advanceTimersByTimeAsync(199);
      expect(run).not.toHaveBeenCalled();
      // The cap, then the two frames and the idle moment (each capped too).
      await vi.advanceTimersByTimeAsync(5000);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing once cancelled', async () => {
    const client = createQueryClient();
    const read = deferred<string>();
    void client.fetchQuery({ queryKey: ['projects', 'p3'], queryFn: () => read.promise });
    const run = vi.fn();
    const cancel = whenPageSettled(client, run);
    cancel();
    read.resolve('loaded');
    await sleep(100);
    expect(run).not.toHaveBeenCalled();
  });
});
