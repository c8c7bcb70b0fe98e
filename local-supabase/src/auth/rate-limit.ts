/**
 * Token buckets as GoTrue's per-IP limiters (tollbooth / `limitHandler`, internal/api/apilimiter): `events`
 * requests refilled evenly over `windowSeconds`, holding at most `burst` (GoTrue's SetBurst: 30 for the
 * 5-minute limits, whatever the configured rate; the configured number itself for anonymous sign-ins).
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly events: number,
    readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
    readonly burst: number = events,
  ) {}

  /** Takes one token for `key`; false when none is left. */
  take(key: string): boolean {
    if (this.events <= 0 || this.burst <= 0) return false;
    const t = this.now();
    const rate = this.events / (this.windowSeconds * 1000);
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + (t - b.at) * rate);
    b.at = t;
    if (this.buckets.size > 10_000) this.buckets.clear(); // bounded memory under a flood of spoofed IPs
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

/**
 * GoTrue's project-wide e-mail budget (internal/ratelimit/interval.go, what a plain `email_sent = N` configures):
 * `events` mails per fixed interval counted from the start, the count reset at each interval's end; not a
 * bucket that refills mail by mail.
 */
export class IntervalLimiter {
  private last: number;
  private count = 0;

  constructor(
    readonly events: number,
    readonly intervalSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.last = now();
  }

  take(): boolean {
    const t = this.now();
    const ival = this.intervalSeconds * 1000;
    const passed = Math.floor((t - this.last) / ival);
    if (passed > 0) {
      this.last += passed * ival;
      this.count = 0;
    }
    if (this.count < this.events) {
      this.count += 1;
      return true;
    }
    return false;
  }
}
