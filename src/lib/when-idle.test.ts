import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintWhenIdle } from '@/lib/when-idle';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('afterPaintWhenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs once, after the current task', async () => {
    const run = vi.fn();
    afterPaintWhenIdle(run);
    expect(run).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await sleep(50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for an idle moment, but no longer than the cap', async () => {
    // Fake clock (frames included): "waiting at 299 ms, run at 300 ms" must not depend on the machine's load.
    vi.useFakeTimers();
    try {
      const idle: (() => void)[] = [];
      vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
      const run = vi.fn();
      afterPaintWhenIdle(run, 300);
      await vi.advanceTimersByTimeAsync(100);
      expect(idle).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(199);
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(run).toHaveBeenCalledTimes(1);
      idle[0]!(); // the idle moment comes after all: not run twice
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing once cancelled', async () => {
    const run = vi.fn();
    afterPaintWhenIdle(run, 100)();
    await sleep(250);
    expect(run).not.toHaveBeenCalled();
  });
});
