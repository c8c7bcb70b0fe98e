import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { wipeData } from '../../src/db.ts';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';
import { startStack, type RunningStack } from '../../src/stack.ts';
import type { StackConfig } from '../../src/config.ts';

/**
 * A project of its own whose config.toml sets `[auth] signing_keys_path`, for the signing keys suites
 * (signing-keys.test.ts, get-claims.test.ts). Keys are made as `supabase gen signing-key` makes them
 * (supabase/cli internal/gen/signingkeys: a private JWK with kid, use "sig", key_ops ["sign","verify"], alg, ext).
 * The stack reads the file when it starts, as the CLI does, so a rotation or revocation is a rewrite and a restart.
 */
export async function genSigningKey(alg: 'ES256' | 'RS256'): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' && { modulusLength: 2048 }) });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: crypto.randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true };
}

export interface KeysProject {
  dir: string;
  keysFile: string;
  config: StackConfig;
  stack: RunningStack;
  /** Writes the keys file (an array, in the order given). */
  writeKeys(keys: unknown): void;
  /** Stops the stack and starts it again on the same data, reading the keys file anew. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startKeysProject(opts: {
  name: string;
  keys: JWK[];
  services: string;
  migration?: string;
  functions?: Record<string, string>;
}): Promise<KeysProject> {
  const dir = mkdtempSync(path.join(tmpdir(), `${opts.name}-`));
  const supabaseDir = path.join(dir, 'supabase');
  mkdirSync(path.join(supabaseDir, 'migrations'), { recursive: true });
  writeFileSync(
    path.join(supabaseDir, 'config.toml'),
    `project_id = "${opts.name}"\n[auth]\nsigning_keys_path = "./signing_keys.json"\n`,
  );
  if (opts.migration) writeFileSync(path.join(supabaseDir, 'migrations', '20260101000000_init.sql'), opts.migration);
  for (const [name, source] of Object.entries(opts.functions ?? {})) {
    mkdirSync(path.join(supabaseDir, 'functions', name), { recursive: true });
    writeFileSync(path.join(supabaseDir, 'functions', name, 'index.ts'), source);
  }
  const keysFile = path.join(supabaseDir, 'signing_keys.json');
  const writeKeys = (keys: unknown) => writeFileSync(keysFile, JSON.stringify(keys, null, 2), { mode: 0o600 });
  writeKeys(opts.keys);
  let isolated: IsolatedStack;
  try {
    isolated = await startIsolatedStack({
      name: `test-${opts.name}`,
      env: { SUPABASE_WORKDIR: dir, LOCAL_SUPABASE_SERVICES: opts.services },
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const project: KeysProject = {
    dir,
    keysFile,
    config: isolated.config,
    stack: isolated.stack,
    writeKeys,
    async restart() {
      await project.stack.stop();
      project.stack = await withServices(opts.services, () => startStack(project.config, () => undefined));
    },
    async stop() {
      await project.stack.stop();
      wipeData(project.config);
      rmSync(project.config.dataDir, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return project;
}

/** Runs a start with LOCAL_SUPABASE_SERVICES set (startStack reads it), putting the previous value back. */
export async function withServices<T>(services: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.LOCAL_SUPABASE_SERVICES;
  process.env.LOCAL_SUPABASE_SERVICES = services;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.LOCAL_SUPABASE_SERVICES;
    else process.env.LOCAL_SUPABASE_SERVICES = before;
  }
}

/** The header of a compact JWT. */
export function jwtHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
