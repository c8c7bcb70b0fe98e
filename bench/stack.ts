// `npm run bench:stack`: figures for the local stack, printed and written to docs/benchmarks.md.
// A report, not a test: nothing here passes or fails on a number.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startStack, type StackConfig } from '@good-space/local-supabase';
import { repoRoot } from '../scripts/lib/repo-root.ts';
import { BENCH_FUNCTIONS_DIR } from './functions.ts';
import { writeSection } from './report.ts';
import { percentile } from './stats.ts';

const BASE = Number(process.env.BENCH_PORT_BASE ?? 58000);
const ports = { api: BASE + 1, db: BASE + 2, inbox: BASE + 4 };

/** Time from `npm run stack` to "ready", with dependencies installed and the database already created. */
async function startupTimes(runs: number): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-bench-start-'));
  const env = {
    ...process.env,
    LOCAL_SUPABASE_API_PORT: String(ports.api),
    LOCAL_SUPABASE_DB_PORT: String(ports.db),
    LOCAL_SUPABASE_INBOX_PORT: String(ports.inbox),
    LOCAL_SUPABASE_DATA_DIR: dataDir,
  };
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      // Its own process group, so stopping it is what Ctrl-C in a terminal does: SIGINT to the whole group
      // (npm → sh → tsx → node), not only to npm.
      const child = spawn('npm', ['run', '--silent', 'stack'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // already gone
        }
      };
      let out = '';
      let ms = 0;
      const onData = (d: Buffer) => {
        out += d.toString();
        if (!ms && out.includes('local Supabase ready')) {
          ms = performance.now() - t0;
          signalGroup('SIGINT');
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => (ms ? resolve(ms) : reject(new Error(out))));
      // If the stack does not stop on Ctrl-C the benchmark must say so rather than wait forever.
      setTimeout(() => {
        if (child.exitCode === null) {
          signalGroup('SIGKILL');
          reject(new Error(`npm run stack did not ${ms ? 'stop on SIGINT' : 'become ready'} within 60 s:\n${out}`));
        }
      }, 60_000).unref();
    });
  try {
    await once(); // creates the database; not counted
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once());
    return times;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Section = { title: string; lines: string[] };
type Common = { apiUrl: string; dbUrl: string; publishableKey: string; serviceKey: string; config: StackConfig };
/** Each bench/<area>.ts exports a section builder that runs against the shared stack. */
type BenchModule = { benchSection(common: Common): Promise<Section> };

async function runBench(file: string, common: Common): Promise<Section> {
  console.error(`bench:stack: ${file}…`);
  try {
    const mod = (await import(`./${file}`)) as BenchModule;
    return await mod.benchSection(common);
  } catch (err) {
    return { title: file, lines: [`failed: ${(err as Error).message}`] };
  }
}

async function main(): Promise<void> {
  const sections: Section[] = [];
  console.error('bench:stack: start-up…');
  const starts = await startupTimes(5);
  sections.push({
    title: 'Start-up (`npm run stack` to ready, database existing; goal ≤ 5 s)',
    lines: [`median ${(percentile(starts, 50) / 1000).toFixed(2)} s, max ${(Math.max(...starts) / 1000).toFixed(2)} s over ${starts.length} starts`],
  });

  // The remaining benchmarks share one running stack.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-bench-'));
  // The functions benchmark calls an empty fixture function.
  process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS ??= BENCH_FUNCTIONS_DIR;
  const config = loadConfig({ apiPort: ports.api, dbPort: ports.db, inboxPort: ports.inbox, dataDir });
  const stack = await startStack(config, () => undefined);
  const common: Common = { apiUrl: config.apiUrl, dbUrl: config.dbUrl, publishableKey: config.publishableKey, serviceKey: config.secretKey, config };
  try {
    for (const file of ['rest-reads.ts', 'realtime.ts', 'storage.ts', 'functions.ts', 'notifications.ts']) sections.push(await runBench(file, common));
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const body = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.`,
    '',
    ...sections.flatMap((s) => [`### ${s.title}`, '', ...s.lines, '']),
  ].join('\n');
  console.log(body);
  writeSection('stack', body);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
