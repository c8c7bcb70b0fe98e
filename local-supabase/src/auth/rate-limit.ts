/**
 * Token buckets as GoTrue's limiters (tollbooth / `limitHandler`): `capacity` requests, refilled evenly over
 * `windowSeconds`. Keys are per IP for request limits and one global key for the e-mail budget.
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity: number,
    readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false when none is left. */
  take(key: string): boolean {
    if (this.capacity <= 0) return false;
    const t = this.now();
    const rate = this.capacity / (this.windowSeconds * 1000);
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: t };
    b.tokens = Math.min(this.capacity, b.tokens + (t - b.at) * rate);
    b.at = t;
    if (this.buckets.size > 10_000) this.buckets.clear(); // bounded memory under a flood of spoofed IPs
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}
