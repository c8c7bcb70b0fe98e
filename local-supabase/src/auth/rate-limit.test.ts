import { describe, expect, it } from 'vitest';
import { IntervalLimiter, RateLimiter } from './rate-limit.ts';

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

  it('holds at most its burst, refilled at the configured rate (GoTrue: 30, whatever the rate)', () => {
    let now = 0;
    const rl = new RateLimiter(5, 300, () => now, 30);
    const first = Array.from({ length: 31 }, () => rl.take('ip'));
    expect(first.filter(Boolean)).toHaveLength(30);
    now += 60_000; // 5 per 5 minutes: one a minute
    expect([rl.take('ip'), rl.take('ip')]).toEqual([true, false]);
  });

  it('refuses everything at capacity 0', () => {
    expect(new RateLimiter(0, 60).take('x')).toBe(false);
  });
});

describe('IntervalLimiter', () => {
  it('allows events per interval and resets at the interval’s end, not mail by mail', () => {
    let now = 0;
    const rl = new IntervalLimiter(2, 3600, () => now);
    expect([rl.take(), rl.take(), rl.take()]).toEqual([true, true, false]);
    now = 3_599_000; // a bucket would have refilled most of it by now
    expect(rl.take()).toBe(false);
    now = 3_600_000;
    expect([rl.take(), rl.take(), rl.take()]).toEqual([true, true, false]);
  });

  it('refuses everything at 0', () => {
    expect(new IntervalLimiter(0, 3600).take()).toBe(false);
  });
});
