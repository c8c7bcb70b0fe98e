// The local stack in a process of its own (the package's `local-supabase stack` command, as `npm start` runs it), so
// the page measurements do not share an event loop with Playwright's protocol traffic and the static server
// the way an in-process stack would: there the backend's answers waited behind the measuring itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { StackConfig } from '@good-space/local-supabase';
import { repoRoot } from '../../scripts/lib/repo-root.ts';

export interface StackProcess {
  stop(): Promise<void>;
}

export function startStackProcess(config: StackConfig, timeoutMs = 120_000): Promise<StackProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/.bin/local-supabase'), 'stack'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOCAL_SUPABASE_API_PORT: String(config.apiPort),
      LOCAL_SUPABASE_DB_PORT: String(config.dbPort),
      LOCAL_SUPABASE_INBOX_PORT: String(config.inboxPort),
      LOCAL_SUPABASE_DATA_DIR: config.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it reaches the stack's PostgreSQL and Deno workers too.
    detached: true,
  });
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the stack did not become ready within ${timeoutMs / 1000} s:\n${out.slice(-2000)}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('local Supabase ready')) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        // Keep draining its output so a full pipe never blocks it.
        child.stdout.resume();
        child.stderr.resume();
        resolve({ stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the stack exited before it was ready:\n${out.slice(-2000)}`));
    });
  });
}
