import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows capacity requests, then refuses until the bucket refills', () => {
    let now = 0;
    const rl = new RateLimiter(3, 60, () => now);
    expect([rl.take('a'), rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([true, true, true, false]);
    expect(rl.take('b')).toBe(true);
    now += 20_000; // one token per 20 s
    expect(rl.take('a')).toBe(true);
    expect(rl.take('a')).toBe(false);
  });

  it('refuses everything at capacity 0', () => {
    expect(new RateLimiter(0, 60).take('x')).toBe(false);
  });
});
