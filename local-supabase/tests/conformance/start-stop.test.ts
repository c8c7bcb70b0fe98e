import { spawn, execSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { dbDirOf, wipeData } from '../../src/db.ts';
import { CLI, PACKAGE_DIR } from '../support/paths.ts';

// `npm run stack` as a user runs it: start, stop with Ctrl-C (SIGINT), start again with the data intact,
// nothing left running; a taken port gives a one-line message naming it.
const BASE = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + 400;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-start-stop-'));
const env = {
  ...process.env,
  LOCAL_SUPABASE_API_PORT: String(BASE + 1),
  LOCAL_SUPABASE_DB_PORT: String(BASE + 2),
  LOCAL_SUPABASE_INBOX_PORT: String(BASE + 4),
  LOCAL_SUPABASE_DATA_DIR: dataDir,
  LOCAL_SUPABASE_TEST: '1',
};
// The `local-supabase` command as `npm run stack` runs it (one Node process, tsx registered inside it), from the
// package's own folder: it finds the project (supabase/config.toml) in a folder above, as the Supabase CLI does.
const cli = [process.execPath, [CLI, 'stack']] as const;
const stackConfig = loadConfig({ dataDir });
// Where PostgreSQL really keeps this cluster (outside dataDir when run as root from a private folder).
const dbDir = dbDirOf(stackConfig);

function startCli(): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  const child = spawn(cli[0], cli[1], { cwd: PACKAGE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('local Supabase ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stack exited early (${code}): ${out}`)));
  });
  return { child, ready, output: () => out };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

function postgresProcessesFor(dir: string): string[] {
  const ps = execSync('ps -eo args', { encoding: 'utf8' });
  return ps.split('\n').filter((l) => l.includes('postgres') && l.includes(dir));
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function dbQuery(text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${BASE + 2}/postgres` });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

afterAll(() => {
  wipeData(stackConfig);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run stack', () => {
  it('starts, stops on SIGINT leaving nothing running, and starts again with the data intact', async () => {
    const first = startCli();
    await first.ready;
    expect(postgresProcessesFor(dbDir)).not.toEqual([]);
    await dbQuery(
      'create table public.start_stop_probe (id int primary key); insert into public.start_stop_probe values (42)',
    );
    first.child.kill('SIGINT');
    expect(await exited(first.child)).toBe(0);
    expect(await portOpen(BASE + 1)).toBe(false);
    expect(await portOpen(BASE + 2)).toBe(false);
    expect(postgresProcessesFor(dbDir)).toEqual([]);

    const second = startCli();
    await second.ready;
    const { rows } = await dbQuery('select id from public.start_stop_probe');
    expect(rows).toEqual([{ id: 42 }]);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(await portOpen(BASE + 2)).toBe(false);
  });

  it('names a taken port in one line and exits non-zero', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(BASE + 1, '127.0.0.1', () => r()));
    try {
      const run = startCli();
      run.ready.catch(() => undefined);
      const code = await exited(run.child);
      expect(code).toBe(1);
      const lines = run.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Port ${BASE + 1}`);
      expect(lines[0]).toContain('LOCAL_SUPABASE_API_PORT');
    } finally {
      blocker.close();
    }
  });
});
