import path from 'node:path';
import type { StackConfig } from '../config.ts';
import { denoBinary } from './deno-binary.ts';
import { workerEnv } from './env.ts';
import { FunctionWorker } from './worker.ts';

/** One function served on its own loopback port. */
export interface ServedFunction {
  /** The port, once the function listens; rejects when it fails to boot. */
  readonly ready: Promise<number>;
  /** Ends the worker (SIGTERM, then SIGKILL after 2 s). */
  stop(): Promise<void>;
}

export interface ServeFunctionOptions {
  /** The function's name, the last segment of the paths it answers (`/<name>`). */
  name: string;
  /** The function's folder, holding its `index.ts` (and a `deno.json` of its own, if any). */
  dir: string;
  /** The function's secrets, as `supabase secrets set` would give them; the platform's SUPABASE_* stay the stack's. */
  secrets?: Record<string, string>;
  /** Each line the function prints, and the worker's lifecycle messages. */
  log?: (line: string) => void;
  /** 60 s by default: the first boot fetches the function's npm: packages. */
  bootTimeoutMs?: number;
  memoryLimitMb?: number;
}

/**
 * A function in the same Deno worker the functions service runs it in, but outside any stack and with secrets
 * of the caller's choosing: for tests of a function under settings the stack is not started with (e.g. a
 * payment provider's keys pointing at a fake of it), while the function still talks to `config`'s stack.
 * Requests go straight to `http://127.0.0.1:<port>/<name>`, without the gateway's key and JWT checks.
 */
export function serveFunction(config: StackConfig, opts: ServeFunctionOptions): ServedFunction {
  const worker = new FunctionWorker({
    denoBin: denoBinary(),
    name: opts.name,
    dir: opts.dir,
    entry: path.join(opts.dir, 'index.ts'),
    env: workerEnv(config, opts.secrets ?? {}),
    log: opts.log ?? (() => undefined),
    bootTimeoutMs: opts.bootTimeoutMs ?? 60_000,
    memoryLimitMb: opts.memoryLimitMb ?? 256,
  });
  return {
    ready: worker.ready,
    async stop() {
      await worker.stop('shutdown');
    },
  };
}
