#!/usr/bin/env node
// The edge functions' own tests: `deno test` over supabase/functions/**/*.test.ts with the Deno of the
// npm package `deno`, as part of `npm test`. Prints Deno's output and summary; exits non-zero when a
// test fails. No test files is a pass with 0 tests. TEST_RESULTS_FILE (set by scripts/test.mjs)
// receives {"passed":N,"failed":N}.
// Functions whose folder (or supabase/functions itself) has a deno.json(c) are tested with that config,
// as they are served; the rest run config-free, as the local stack's function workers run them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const functionsDir = path.join(root, 'supabase', 'functions');

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out.sort();
}

/** The deno.json(c) nearest to a test file, up to supabase/functions, or null. */
function configFor(file) {
  for (let dir = path.dirname(file); dir.startsWith(functionsDir); dir = path.dirname(dir)) {
    for (const name of ['deno.json', 'deno.jsonc']) if (existsSync(path.join(dir, name))) return path.join(dir, name);
    if (dir === functionsDir) break;
  }
  return null;
}

function denoBinary() {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  return createRequire(import.meta.url)('deno/install_api.cjs').runInstall();
}

function report(passed, failed) {
  if (process.env.TEST_RESULTS_FILE) writeFileSync(process.env.TEST_RESULTS_FILE, JSON.stringify({ passed, failed }));
}

const files = testFiles(functionsDir);
if (files.length === 0) {
  console.log('deno test: no test files under supabase/functions (0 passed, 0 failed)');
  report(0, 0);
  process.exit(0);
}

const groups = new Map();
for (const file of files) {
  const config = configFor(file) ?? '';
  groups.set(config, [...(groups.get(config) ?? []), file]);
}

const deno = denoBinary();
const env = {
  ...process.env,
  DENO_DIR: process.env.DENO_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'deno'),
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PACKAGE_JSON: '1',
  NO_COLOR: '1',
};
let passed = 0;
let failed = 0;
let ok = true;
for (const [config, group] of groups) {
  const args = [
    'test',
    '--allow-all',
    '--no-prompt',
    '--no-lock',
    '--node-modules-dir=none',
    config ? `--config=${config}` : '--no-config',
    ...(existsSync(path.join(functionsDir, '.env')) ? [`--env-file=${path.join(functionsDir, '.env')}`] : []),
    ...group.map((f) => path.relative(functionsDir, f)),
  ];
  const r = spawnSync(deno, args, { cwd: functionsDir, env, encoding: 'utf8' });
  // Deno reports type checking on stderr before it runs anything: keep that order.
  process.stderr.write(r.stderr ?? '');
  process.stdout.write(r.stdout ?? '');
  // Deno's summary: "ok | 3 passed (1 step) | 0 failed (12ms)" or "FAILED | 2 passed | 1 failed (40ms)".
  const summary = /(?:^|\n)(?:ok|FAILED) \| (\d+) passed[^|]*\| (\d+) failed/.exec(`${r.stdout}\n${r.stderr}`);
  if (summary) {
    passed += Number(summary[1]);
    failed += Number(summary[2]);
  }
  if (r.status !== 0) {
    ok = false;
    if (!summary) failed += 1; // did not get as far as running tests (type or import error)
  }
}
console.log(`deno test: ${passed} passed, ${failed} failed`);
report(passed, failed);
process.exit(ok && failed === 0 ? 0 : 1);
