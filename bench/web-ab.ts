// `tsx bench/web-ab.ts <A> <B> [<C> …]`: bench:web's project-page measurement for two (or more) builds of
// the app, side by side. Each is a git revision (its tree is taken with `git archive`) or a folder holding a
// checkout of the app; all are built against one local stack (seeded, 10,000 messages added to the demo customer's
// active project) and served by static servers of their own, and their cold visits take turns (A B, B A, A B, …;
// with more builds the order rotates) so that the noise of a shared machine falls on all alike. Printed, not
// written anywhere: the figures go into an ADR.
//
// BENCH_WEB_PORT_BASE (default 58600), BENCH_AB_VISITS (visits per build, default 12), BENCH_AB_SLOW_VISITS
// (with the CPU 4× slower, default 6; 0 skips them).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbDirOf, loadConfig } from '@good-space/local-supabase';
import pg from 'pg';
import { repoRoot } from '../scripts/lib/repo-root.ts';
import { loadavg, watchMachine } from './machine.ts';
import { launchBrowser, measureProject, type ProjectRun } from './web/browser.ts';
import { viteBuild } from './web/build.ts';
import {
  addBenchMessages,
  demoProject,
  NEWEST_BENCH_MESSAGE,
  PROJECT_PANELS,
  seedStorage,
  sessionStorageEntries,
} from './web/project-setup.ts';
import { serveStatic, type StaticServer } from './web/serve.ts';
import { startStackProcess } from './web/stack-process.ts';

const BASE = Number(process.env.BENCH_WEB_PORT_BASE ?? 58600);
const VISITS = Number(process.env.BENCH_AB_VISITS ?? 12);
const SLOW_VISITS = Number(process.env.BENCH_AB_SLOW_VISITS ?? 6);

/** As bench:web reports it: the middle value, or the mean of the two middle ones. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const log = (m: string) => console.log(`[bench:web a/b] ${m}`);
const ms = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : Math.round(v).toLocaleString('en-US');

interface Build {
  label: string;
  source: string;
  description: string;
  outDir: string;
  server?: StaticServer;
  runs: { fast: ProjectRun[]; slow: ProjectRun[] };
}

/** A folder with the app's source for `spec` (a folder already, or a git revision unpacked with this repo's node_modules). */
function sourceOf(spec: string, work: string, label: string): { dir: string; description: string } {
  if (existsSync(path.join(spec, 'package.json'))) return { dir: path.resolve(spec), description: `folder ${spec}` };
  const commit = execFileSync('git', ['rev-parse', '--short', spec], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dir = path.join(work, `src-${label}`);
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: repoRoot, stdio: 'inherit' });
  return { dir, description: `commit ${commit}` };
}

function summary(runs: ProjectRun[]): string {
  const ready = runs.flatMap((r) => (r.readyMs === null ? [] : [r.readyMs]));
  const first = runs.flatMap((r) => (r.firstApiMs === null ? [] : [r.firstApiMs]));
  const failed = runs.length - ready.length;
  return [
    `${ms(median(ready))} (${ms(Math.min(...ready))}–${ms(Math.max(...ready))})${failed ? `, ${failed} never ready` : ''}`,
    ms(median(first)),
    String(median(runs.map((r) => r.requestsBeforeReady))),
    String(Math.max(...runs.map((r) => r.depthBeforeReady))),
    runs.every((r) => r.newestShown) ? 'yes' : 'no',
  ].join(' | ');
}

async function main() {
  const specs = process.argv.slice(2);
  if (specs.length < 2) throw new Error('usage: tsx bench/web-ab.ts <revision or folder A> <B> [<C> …]');
  const machine = watchMachine();
  const loads = [loadavg()];
  const work = mkdtempSync(path.join(os.tmpdir(), 'gs-bench-web-ab-'));
  const config = loadConfig({
    apiPort: BASE + 1,
    dbPort: BASE + 2,
    inboxPort: BASE + 4,
    dataDir: path.join(work, 'stack'),
  });
  const builds: Build[] = specs.map((spec, i) => {
    const label = String.fromCharCode(65 + i);
    const { source, description } = describeSource(spec, work, label);
    return { label, source, description, outDir: path.join(work, `dist-${label}`), runs: { fast: [], slow: [] } };
  });
  const env = { VITE_SUPABASE_URL: config.apiUrl, VITE_SUPABASE_PUBLISHABLE_KEY: config.publishableKey };
  log(`building ${builds.map((b) => `${b.label} (${b.description})`).join(', ')}; stack on ${config.apiUrl}`);
  const stack = await startStackProcess(config);
  const db = new pg.Client({ connectionString: config.dbUrl });
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    // One build at a time: two at once on two cores would only slow both.
    for (const b of builds) await viteBuild(b.outDir, env, 10 * 60_000, b.source);
    await db.connect();
    const seeded = await seedStorage(config);
    if (seeded) log(`pictures: ${seeded}; photos may be missing`);
    const project = await demoProject(db);
    const total = await addBenchMessages(db, project);
    const storage = await sessionStorageEntries(config);
    for (const b of builds) b.server = await serveStatic(b.outDir);
    browser = await launchBrowser();
    const visit = (b: Build, cpuThrottle: number) =>
      measureProject(browser!, {
        baseUrl: b.server!.url,
        apiUrl: config.apiUrl,
        projectId: project.id,
        storage,
        panels: PROJECT_PANELS,
        newestText: NEWEST_BENCH_MESSAGE,
        cpuThrottle,
      });
    log(`project "${project.title}", ${total.toLocaleString('en-US')} messages; one warm-up visit each`);
    for (const b of builds) await visit(b, 1);
    const rounds = (count: number, cpuThrottle: number, key: 'fast' | 'slow') => async () => {
      for (let i = 0; i < count; i++) {
        // Two builds: A B, B A, …; more: each round starts one further along (A B C, B C A, C A B, …).
        const turn = i % builds.length;
        const order =
          builds.length === 2 && turn === 1 ? [...builds].reverse() : [...builds.slice(turn), ...builds.slice(0, turn)];
        for (const b of order) {
          const r = await visit(b, cpuThrottle);
          b.runs[key].push(r);
          log(
            `  ${key} ${i + 1}/${count} ${b.label}: ready ${ms(r.readyMs)} ms, first request ${ms(r.firstApiMs)} ms, ${r.requestsBeforeReady} requests, ${r.depthBeforeReady} levels${r.problem ? ` (${r.problem})` : ''}`,
          );
        }
      }
      loads.push(loadavg());
    };
    await rounds(VISITS, 1, 'fast')();
    if (SLOW_VISITS > 0) await rounds(SLOW_VISITS, 4, 'slow')();
  } finally {
    await browser?.close().catch(() => undefined);
    for (const b of builds) await b.server?.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await stack.stop();
    const dbDir = dbDirOf(config);
    rmSync(dbDir.startsWith(work) ? dbDir : path.dirname(dbDir), { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }

  const lines = [
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; load average ${loads.join(' → ')}; ${machine.stop()}.`,
    '',
    '| build | conditions | visits | ready ms (median, min–max) | first request ms (median) | requests before ready (median) | levels (worst) | newest message shown |',
    '|---|---|---:|---|---:|---:|---:|---|',
  ];
  for (const [key, conditions] of [
    ['fast', 'no throttling'],
    ['slow', 'CPU 4× slower'],
  ] as const) {
    for (const b of builds) {
      if (b.runs[key].length)
        lines.push(
          `| ${b.label}: ${b.description} | ${conditions} | ${b.runs[key].length} | ${summary(b.runs[key])} |`,
        );
    }
  }
  console.log(`\n${lines.join('\n')}\n`);
}

function describeSource(spec: string, work: string, label: string): { source: string; description: string } {
  const { dir, description } = sourceOf(spec, work, label);
  // The checkout builds with this repository's dependencies.
  if (!existsSync(path.join(dir, 'node_modules')))
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return { source: dir, description };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
