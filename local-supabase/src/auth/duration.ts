/**
 * Go's time.ParseDuration (src/time/format.go), which GoTrue's admin API uses for `ban_duration`
 * (internal/api/admin.go): the same grammar, limits and error texts, so a duration hosted accepts is accepted
 * here and one it refuses is refused with the same words. Go reads the string as bytes; so does this.
 */

/** The error Go returns; its message is what GoTrue puts after "invalid format for ban duration: ". */
export class GoDurationError extends Error {}

const MAX = 1n << 63n;

/** unitMap: both micro signs (U+00B5, U+03BC) mean microseconds. */
const UNITS: Array<[Buffer, bigint]> = [
  [Buffer.from('ns'), 1n],
  [Buffer.from('us'), 1_000n],
  [Buffer.from('\u00b5s'), 1_000n],
  [Buffer.from('\u03bcs'), 1_000n],
  [Buffer.from('ms'), 1_000_000n],
  [Buffer.from('s'), 1_000_000_000n],
  [Buffer.from('m'), 60_000_000_000n],
  [Buffer.from('h'), 3_600_000_000_000n],
];

const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * time's quote(): ASCII as it is (with `"` and `\` escaped), every byte of a non-ASCII or control character
 * as \xNN. Go decodes runes first, but every byte of a multi-byte rune and every invalid byte ends up escaped
 * alike, so byte by byte gives the same text.
 */
export function goQuote(s: Buffer): string {
  let out = '"';
  for (const b of s) {
    if (b >= 0x80 || b < 0x20) out += `\\x${b.toString(16).padStart(2, '0')}`;
    else out += (b === 0x22 || b === 0x5c ? '\\' : '') + String.fromCharCode(b);
  }
  return `${out}"`;
}

/** Nanoseconds, as Go's int64 Duration (negative allowed); throws GoDurationError with Go's message. */
export function parseGoDuration(input: string): bigint {
  const orig = Buffer.from(input, 'utf8');
  const invalid = () => new GoDurationError(`time: invalid duration ${goQuote(orig)}`);
  let s = orig;
  let neg = false;
  if (s.length && (s[0] === 0x2d || s[0] === 0x2b)) {
    neg = s[0] === 0x2d;
    s = s.subarray(1);
  }
  if (s.length === 1 && s[0] === 0x30) return 0n;
  if (!s.length) throw invalid();
  let d = 0n;
  while (s.length) {
    let v = 0n;
    let f = 0n;
    let scale = 1;
    if (!(s[0] === 0x2e || isDigit(s[0]))) throw invalid();
    // leadingInt: [0-9]*, an error past 1<<63.
    let i = 0;
    for (; i < s.length && isDigit(s[i]); i++) {
      if (v > MAX / 10n) throw invalid();
      v = v * 10n + BigInt(s[i]! - 0x30);
      if (v > MAX) throw invalid();
    }
    const pre = i > 0;
    s = s.subarray(i);
    // leadingFraction: (\.[0-9]*)?, which stops gaining precision instead of failing.
    let post = false;
    if (s.length && s[0] === 0x2e) {
      s = s.subarray(1);
      let j = 0;
      let overflow = false;
      for (; j < s.length && isDigit(s[j]); j++) {
        if (overflow) continue;
        if (f > (MAX - 1n) / 10n) {
          overflow = true;
          continue;
        }
        const y = f * 10n + BigInt(s[j]! - 0x30);
        if (y > MAX) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = j > 0;
      s = s.subarray(j);
    }
    if (!pre && !post) throw invalid();
    let k = 0;
    while (k < s.length && !(s[k] === 0x2e || isDigit(s[k]))) k++;
    if (k === 0) throw new GoDurationError(`time: missing unit in duration ${goQuote(orig)}`);
    const u = s.subarray(0, k);
    s = s.subarray(k);
    const unit = UNITS.find(([name]) => name.equals(u))?.[1];
    if (unit === undefined) throw new GoDurationError(`time: unknown unit ${goQuote(u)} in duration ${goQuote(orig)}`);
    if (v > MAX / unit) throw invalid();
    v *= unit;
    if (f > 0n) {
      // Go: v += uint64(float64(f) * (float64(unit) / scale)), a float64 product truncated.
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > MAX) throw invalid();
    }
    d += v;
    if (d > MAX) throw invalid();
  }
  if (neg) return -d;
  if (d > MAX - 1n) throw invalid();
  return d;
}
