import net from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { loadConfig, type StackConfig } from './config.ts';
import { wipeData } from './db.ts';
import { startStack, type RunningStack } from './stack.ts';

/**
 * A throwaway stack on free loopback ports with its own data folder, for tests and benchmarks that need
 * settings the shared stack does not have (e.g. only the functions service with short time limits).
 * `env` holds the LOCAL_SUPABASE_* variables the services read while starting; they are put back at once.
 */
export interface IsolatedStack {
  stack: RunningStack;
  config: StackConfig;
  /** Stops the stack and deletes its data. */
  stop(): Promise<void>;
}

export async function startIsolatedStack(opts: {
  name: string;
  env?: Record<string, string>;
  testMode?: boolean;
}): Promise<IsolatedStack> {
  const restore = setEnv(opts.env ?? {});
  try {
    const apiPort = await freePort();
    const config = loadConfig({
      apiPort,
      dbPort: await freePort(),
      inboxPort: await freePort(),
      smtpPort: await freePort(),
      pushPort: await freePort(),
      // Under the project's .data like the main stacks: PostgreSQL (run as another OS user under root) must reach it.
      dataDir: path.join('.data', `${opts.name}-${apiPort}`),
      ...(opts.testMode !== undefined && { testMode: opts.testMode }),
    });
    wipeData(config);
    const stack = await startStack(config, () => undefined);
    return {
      stack,
      config,
      async stop() {
        await stack.stop();
        wipeData(config);
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    restore();
  }
}

/** Sets variables the stack reads at start; returns a function putting the previous values back. */
function setEnv(vars: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
