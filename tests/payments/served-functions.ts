import path from 'node:path';
import { serveFunction, type ServedFunction } from '@good-space/local-supabase';
import { stackConfig } from '@good-space/local-supabase/testing';

// Payment functions served with secrets of the test's own (Stripe keys, a fake Stripe's base), each in its own
// Deno worker as the stack's functions service runs them, on the test stack's database. The stack's own
// functions stay as they are (sandbox mode).

export interface CallInit {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as it is (a webhook's signed payload). */
  raw?: string;
}

export interface ServedFunctions<Name extends string> {
  /** POSTs to a function as supabase-js would (JSON), answering its status and JSON body. */
  call(name: Name, init?: CallInit): Promise<{ status: number; body: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function serveWithSecrets<Name extends string>(
  names: readonly Name[],
  secrets: Record<string, string>,
): Promise<ServedFunctions<Name>> {
  const workers = new Map<Name, ServedFunction>();
  for (const name of names) {
    workers.set(
      name,
      serveFunction(stackConfig, {
        name,
        dir: path.join(stackConfig.projectDir, 'supabase', 'functions', name),
        secrets,
        log: (line) => {
          if (process.env.LOCAL_SUPABASE_TEST_LOGS === '1') console.log(`[${name}] ${line}`);
        },
      }),
    );
  }
  await Promise.all([...workers.values()].map((w) => w.ready));
  return {
    async call(name, init = {}) {
      const port = await workers.get(name)!.ready;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      const res = await fetch(`http://127.0.0.1:${port}/${name}`, {
        method: 'POST',
        headers,
        body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    stop: async () => {
      await Promise.all([...workers.values()].map((w) => w.stop()));
    },
  };
}
