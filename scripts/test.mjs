#!/usr/bin/env node
// `npm test`: everything a change can break, in one command, ending with `N passed, N failed`.
// Steps: typecheck, lint, Vitest (unit, stack-unit, integration against a real local stack),
// the edge functions' own `deno test`, and Playwright journeys in Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureDependencies } from './lib/ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.data', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
ensureDependencies(root);

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];
// Names of the tests that failed, printed again under the summary: CI keeps only the end of the output.
const failures = [];
const firstLines = (text, n = 3) =>
  String(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, n)
    .join(' ⏎ ');

/**
 * Runs one step to its end: its output kept to print later (quiet) or streamed as it comes and its end kept too
 * (to name, under the summary, an error no test owns), and its result.
 */
function run(cmd, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const keep = (stream) => (d) => {
      if (quiet) output += d;
      else {
        stream.write(d);
        output = (output + d).slice(-200_000);
      }
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('error', (err) => resolve({ status: 1, output: `${output}${err.message}\n` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

function record(name, status, t0, count) {
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  const ok = status === 0;
  let passed = ok ? 1 : 0;
  let failed = ok ? 0 : 1;
  if (count) {
    const c = count(ok);
    if (c) ({ passed, failed } = c);
  }
  return { name, passed, failed, ok: ok && failed === 0, secs };
}

async function step(name, cmd, args, { env = {}, count } = {}) {
  const t0 = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const { status, output } = await run(cmd, args, { env });
  results.push(record(name, status, t0, count && ((ok) => count(ok, output))));
}

/**
 * A step that runs beside another one: its output printed once it has ended, and at the lowest CPU priority
 * (`nice`, where there is one), so it takes the cores the other step leaves idle rather than slowing it.
 */
async function quietStep(name, cmd, args) {
  const t0 = Date.now();
  const niced = process.platform === 'win32' ? [cmd, args] : ['nice', ['-n', '19', cmd, ...args]];
  const { status, output } = await run(niced[0], niced[1], { quiet: true });
  return { result: record(name, status, t0), output };
}

/** What Vitest printed of an error no test owns (an unhandled rejection, a worker that died), to name it. */
function errorOutsideTests(output) {
  const lines = stripVTControlCharacters(String(output ?? '')).split('\n');
  // Vitest's own heading first; else the last error it printed (tests print expected ones of their own earlier).
  const heading = lines.findIndex((l) => /Unhandled (Error|Rejection)/i.test(l));
  const at = heading >= 0 ? heading : lines.findLastIndex((l) => /Error|timed out|exited/.test(l));
  return at < 0 ? 'Vitest failed outside any test (see its output above)' : firstLines(lines.slice(at).join('\n'), 6);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Typecheck and lint run beside Vitest, one after the other: each uses one core, and Vitest leaves cores idle
// while its stacks start and its tests wait (docs/benchmarks.md, "npm test"). Their output is printed when Vitest
// has ended.
const checks = (async () => [
  await quietStep('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  await quietStep('lint', 'npm', ['run', '--silent', 'lint']),
])();

const vitestJson = path.join(out, 'vitest.json');
await step('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`], {
  count: (ok, output) => {
    const j = readJson(vitestJson);
    if (!j) return null;
    // A suite that failed to load has no tests but is a failure all the same.
    const brokenFiles = (j.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
    ).length;
    // A run that errored outside any test, or ran nothing at all, must not pass as green.
    const runError = ok && j.success !== false && j.numTotalTests > 0 ? 0 : 1;
    const failed = j.numFailedTests + brokenFiles;
    for (const f of j.testResults ?? []) {
      const file = path.relative(root, f.name);
      // A file that failed with no failed test (it did not load, or a hook such as afterAll threw) says why itself.
      const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed').length;
      if (f.status === 'failed' && failedTests === 0) failures.push(`vitest ${file}: ${firstLines(f.message)}`);
      for (const a of f.assertionResults ?? []) {
        if (a.status === 'failed')
          failures.push(`vitest ${file} › ${a.fullName}: ${firstLines(a.failureMessages?.join('\n'))}`);
      }
    }
    if (!failed && runError) failures.push(`vitest: ${errorOutsideTests(output)}`);
    return { passed: j.numPassedTests, failed: failed || runError };
  },
});

for (const { result, output } of await checks) {
  console.log(`\n━━ ${result.name} (ran beside vitest) ━━`);
  process.stdout.write(output);
  // The summary keeps the order people read: typecheck and lint first.
  results.splice(results.length - 1, 0, result);
}

if (existsSync(path.join(root, 'scripts', 'test-functions.mjs'))) {
  const denoOut = path.join(out, 'deno.json');
  await step('edge functions (deno test)', 'node', ['scripts/test-functions.mjs'], {
    env: { TEST_RESULTS_FILE: denoOut },
    count: (ok) => {
      const j = readJson(denoOut);
      return j ? { passed: j.passed, failed: j.failed + (ok || j.failed ? 0 : 1) } : null;
    },
  });
}

if (existsSync(path.join(root, 'playwright.config.ts'))) {
  if (ensureChromium()) {
    const pwJson = path.join(out, 'playwright.json');
    await step('e2e (Playwright, Chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
      count: (ok) => {
        const j = readJson(pwJson);
        if (!j?.stats) return null;
        const walk = (suite, file) => {
          for (const spec of suite.specs ?? []) {
            for (const t of spec.tests ?? []) {
              if (t.status !== 'unexpected') continue;
              const last = t.results?.at(-1);
              failures.push(
                `e2e ${spec.file ?? file} › ${spec.title}: ${firstLines(last?.error?.message ?? last?.errors?.[0]?.message)}`,
              );
            }
          }
          for (const s of suite.suites ?? []) walk(s, s.file ?? file);
        };
        for (const s of j.suites ?? []) walk(s, s.file);
        return {
          passed: j.stats.expected + j.stats.flaky,
          failed: j.stats.unexpected + (ok || j.stats.unexpected ? 0 : 1),
        };
      },
    });
  } else {
    results.push({ name: 'e2e (Chromium missing)', passed: 0, failed: 1, ok: false, secs: '0' });
  }
}

console.log('\n━━ summary ━━');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.secs} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
for (const f of failures) console.log(`  ✗ ${f.slice(0, 400)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
