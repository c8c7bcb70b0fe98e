import { describe, expect, it } from 'vitest';
import { GoDurationError, parseGoDuration } from './duration.ts';

// Cases from Go's own tests of time.ParseDuration (src/time/time_test.go, parseDurationTests and
// parseDurationErrorTests), with the full messages Go builds (src/time/format.go).

const S = 1_000_000_000n;
const MIN = 60n * S;
const H = 60n * MIN;
const MS = 1_000_000n;

describe('parseGoDuration (time.ParseDuration)', () => {
  it.each<[string, bigint]>([
    ['0', 0n],
    ['-0', 0n],
    ['+0', 0n],
    ['5s', 5n * S],
    ['-5s', -5n * S],
    ['+5s', 5n * S],
    ['5.6s', 5n * S + 600n * MS],
    ['5.s', 5n * S],
    ['.5s', 500n * MS],
    ['100.00100s', 100n * S + MS],
    ['10ns', 10n],
    ['11us', 11_000n],
    ['12\u00b5s', 12_000n],
    ['12\u03bcs', 12_000n],
    ['13ms', 13n * MS],
    ['15m', 15n * MIN],
    ['16h', 16n * H],
    ['1h30m', H + 30n * MIN],
    ['10.5s4m', 4n * MIN + 10n * S + 500n * MS],
    ['-2m3.4s', -(2n * MIN + 3n * S + 400n * MS)],
    ['1h2m3s4ms5us6ns', H + 2n * MIN + 3n * S + 4n * MS + 5_000n + 6n],
    ['876000h', 876_000n * H],
    ['0.3333333333333333333h', 20n * MIN],
    ['9007199254740993ns', 9007199254740993n],
    ['9223372036854775807ns', (1n << 63n) - 1n],
    ['9223372036854775.807us', (1n << 63n) - 1n],
    ['-9223372036854775808ns', -(1n << 63n)],
    ['-2562047h47m16.854775808s', -(1n << 63n)],
    ['0.100000000000000000000h', 6n * MIN],
    ['0.830103483285477580700h', 49n * MIN + 48n * S + 372539827n],
  ])('%s', (input, want) => {
    expect(parseGoDuration(input)).toBe(want);
  });

  it.each<[string, string]>([
    ['', 'time: invalid duration ""'],
    ['3', 'time: missing unit in duration "3"'],
    ['-', 'time: invalid duration "-"'],
    ['s', 'time: invalid duration "s"'],
    ['.', 'time: invalid duration "."'],
    ['-.', 'time: invalid duration "-."'],
    ['.s', 'time: invalid duration ".s"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['1 h', 'time: unknown unit " h" in duration "1 h"'],
    ['forever', 'time: invalid duration "forever"'],
    ['\ufffd', 'time: invalid duration "\\xef\\xbf\\xbd"'],
    ['1\u00e9', 'time: unknown unit "\\xc3\\xa9" in duration "1\\xc3\\xa9"'],
    ['1"h', 'time: unknown unit "\\"h" in duration "1\\"h"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
    ['9223372036854776us', 'time: invalid duration "9223372036854776us"'],
    ['3000000h', 'time: invalid duration "3000000h"'],
    ['9223372036854ms775us808ns', 'time: invalid duration "9223372036854ms775us808ns"'],
  ])('refuses %j', (input, message) => {
    expect(() => parseGoDuration(input)).toThrow(GoDurationError);
    expect(() => parseGoDuration(input)).toThrow(message);
  });
});
