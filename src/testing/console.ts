import { vi } from 'vitest';

/**
 * A unit test fails on a `console.error` or `console.warn` it did not expect (docs/architecture.md, "Tests"):
 * React's act and key warnings, React Router's, a failed request MSW reports, an error the app logs, all are
 * faults to fix. A test that means to make the app log one says so with `expectConsoleError`/`expectConsoleWarn`;
 * the message is then allowed, and the test fails if it never came.
 */

type Level = 'error' | 'warn';
type Logged = { level: Level; message: string; args: unknown[] };
type Expected = { level: Level; pattern: RegExp | string; seen: boolean };

let logged: Logged[] = [];
let expected: Expected[] = [];
let spies: { mockRestore: () => void }[] = [];

/** Starts recording (src/testing/setup-tests.ts, before each test). */
export function watchConsole() {
  logged = [];
  expected = [];
  spies = (['error', 'warn'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push({ level, message: format(...args), args });
    }),
  );
}

/** This test makes the app log a `console.error` matching `pattern` (at least once). */
export function expectConsoleError(pattern: RegExp | string) {
  expected.push({ level: 'error', pattern, seen: false });
}

/** This test makes the app log a `console.warn` matching `pattern` (at least once). */
export function expectConsoleWarn(pattern: RegExp | string) {
  expected.push({ level: 'warn', pattern, seen: false });
}

const matches = (pattern: RegExp | string, message: string) =>
  typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message);

/** Stops recording and throws (failing the test) on what was logged unexpected, or expected and not logged. */
export function checkConsole() {
  const unexpected: Logged[] = [];
  for (const entry of logged) {
    const hits = expected.filter((e) => e.level === entry.level && matches(e.pattern, entry.message));
    for (const hit of hits) hit.seen = true;
    if (hits.length === 0) unexpected.push(entry);
  }
  const missing = expected.filter((e) => !e.seen);
  for (const spy of spies) spy.mockRestore();
  spies = [];
  logged = [];
  expected = [];
  const faults = [
    ...unexpected.map((e) => `unexpected console.${e.level}: ${e.message}`),
    ...missing.map((e) => `expected a console.${e.level} matching ${String(e.pattern)}, none came`),
  ];
  if (faults.length > 0) throw new Error(faults.join('\n\n'));
}

/** console's own formatting (`%s`, `%d`, `%o`… then the rest, space-separated), enough to match a message. */
function format(...args: unknown[]) {
  const show = (value: unknown) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    try {
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    } catch {
      return String(value);
    }
  };
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(show).join(' ');
  const text = first.replace(/%[sdifoOjc%]/g, (token) => {
    if (token === '%%') return '%';
    if (rest.length === 0) return token;
    const value = rest.shift();
    return token === '%c' ? '' : show(value);
  });
  return [text, ...rest.map(show)].join(' ');
}
