import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BOOT_EXIT_CODE, LISTENING_MARKER } from './worker-protocol.ts';

const BOOTSTRAP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-bootstrap.ts');

export interface WorkerOptions {
  denoBin: string;
  name: string;
  /** The function's folder (the worker's cwd, where a per-function deno.json is looked for). */
  dir: string;
  entry: string;
  env: Record<string, string>;
  /** One line of the function's stdout/stderr, or a lifecycle message. */
  log: (line: string) => void;
  bootTimeoutMs: number;
  memoryLimitMb: number;
}

export type StopReason = 'retired' | 'wall-clock' | 'boot-timeout' | 'shutdown';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the stack ended the worker; null when it ended by itself (crash, Deno.exit). */
  stoppedFor: StopReason | null;
}

export class BootError extends Error {}

/**
 * One function's worker: a long-lived `deno run` process serving the function on a loopback port.
 * Hosted Supabase boots a worker per function on demand and reuses it for later requests until it is
 * retired (wall clock) or dies; this mirrors that with an OS process per function, so one function's
 * crash, memory use or reload never touches another (see README.md here).
 */
export class FunctionWorker {
  readonly ready: Promise<number>;
  readonly exited: Promise<ExitInfo>;
  port: number | null = null;
  exitInfo: ExitInfo | null = null;
  retired = false;
  private inFlight = 0;
  private stoppedFor: StopReason | null = null;
  private readonly child: ChildProcess;
  private readonly startedAt = performance.now();

  constructor(private readonly opts: WorkerOptions) {
    const configArgs = ['deno.json', 'deno.jsonc'].map((f) => path.join(opts.dir, f)).filter((f) => existsSync(f));
    const args = [
      'run',
      '--allow-all',
      '--no-prompt',
      // No lockfile or node_modules written into the source tree (the watcher would see them as edits);
      // npm: packages resolve into Deno's cache from the registry, as on hosted.
      '--no-lock',
      '--node-modules-dir=none',
      configArgs[0] ? `--config=${configArgs[0]}` : '--no-config',
      `--v8-flags=--max-old-space-size=${opts.memoryLimitMb}`,
      BOOTSTRAP,
      pathToFileURL(opts.entry).href,
    ];
    this.child = spawn(opts.denoBin, args, {
      cwd: opts.dir,
      // The repository's package.json is not the function's: hosted bundles see only their own folder.
      env: { ...opts.env, DENO_NO_PACKAGE_JSON: '1' },
      // stdin stays open and silent: the worker exits when it closes (worker-bootstrap.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
    });

    let onListening!: (port: number) => void;
    let onBootFailure!: (err: Error) => void;
    this.ready = new Promise<number>((resolve, reject) => {
      onListening = resolve;
      onBootFailure = reject;
    });
    // A worker that never becomes ready is handled by whoever awaits `ready`; avoid unhandled rejections.
    this.ready.catch(() => undefined);

    const bootTimer = setTimeout(() => {
      onBootFailure(new BootError(`${opts.name}: not listening after ${opts.bootTimeoutMs} ms`));
      void this.stop('boot-timeout');
    }, opts.bootTimeoutMs);
    bootTimer.unref();

    this.exited = new Promise<ExitInfo>((resolve) => {
      const finish = (info: ExitInfo) => {
        if (this.exitInfo) return;
        clearTimeout(bootTimer);
        this.exitInfo = info;
        if (this.port === null) {
          const why = info.code === BOOT_EXIT_CODE ? 'the function failed to load' : `exit ${info.signal ?? info.code}`;
          onBootFailure(new BootError(`${opts.name}: worker failed to boot (${why})`));
        } else if (!info.stoppedFor) {
          opts.log(`worker exited (${info.signal ?? `code ${info.code}`})`);
        }
        resolve(info);
      };
      this.child.once('error', (err) => {
        opts.log(`could not start Deno: ${err.message}`);
        finish({ code: null, signal: null, stoppedFor: this.stoppedFor });
      });
      this.child.once('exit', (code, signal) => finish({ code, signal, stoppedFor: this.stoppedFor }));
    });

    forEachLine(this.child.stdout!, (line) => {
      if (this.port === null && line.startsWith(LISTENING_MARKER)) {
        this.port = Number(line.slice(LISTENING_MARKER.length));
        clearTimeout(bootTimer);
        opts.log(`worker booted in ${Math.round(performance.now() - this.startedAt)} ms`);
        onListening(this.port);
        return;
      }
      opts.log(line);
    });
    forEachLine(this.child.stderr!, (line) => opts.log(line));
  }

  get alive(): boolean {
    return !this.exitInfo && !this.retired && this.stoppedFor === null;
  }

  /** Counts a request in; the returned function counts it out. */
  begin(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.retired && this.inFlight === 0) void this.stop('retired');
    };
  }

  /** Takes no new requests; ends once the ones under way are answered. */
  retire(): void {
    if (this.retired) return;
    this.retired = true;
    if (this.inFlight === 0) void this.stop('retired');
  }

  async stop(reason: StopReason): Promise<ExitInfo> {
    if (!this.exitInfo && this.stoppedFor === null) {
      this.stoppedFor = reason;
      this.child.kill('SIGTERM');
      const force = setTimeout(() => this.child.kill('SIGKILL'), 2000);
      force.unref();
      void this.exited.then(() => clearTimeout(force));
    }
    return this.exited;
  }
}

function forEachLine(stream: Readable, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    let i: number;
    while ((i = buffered.indexOf('\n')) >= 0) {
      onLine(buffered.slice(0, i).replace(/\r$/, ''));
      buffered = buffered.slice(i + 1);
    }
  });
  stream.on('end', () => {
    if (buffered) onLine(buffered);
    buffered = '';
  });
}
