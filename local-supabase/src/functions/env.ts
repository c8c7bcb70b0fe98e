import os from 'node:os';
import path from 'node:path';
import type { StackConfig } from '../config.ts';

/**
 * Process settings the Deno runtime itself needs to fetch `npm:` packages (proxy, registry, certificates).
 * Everything else of the stack's own environment stays out: hosted functions see only the platform's
 * variables and the project's secrets.
 */
const RUNTIME_PASSTHROUGH = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'npm_config_registry',
  'DENO_AUTH_TOKENS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  // Deno also trusts the certificates named here (as Node does): behind a TLS-inspecting proxy, the machine's
  // own CA, without which no npm: package downloads and every function fails to boot (BOOT_ERROR).
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'TZ',
];

/**
 * Deno's module cache. The default Deno location (or DENO_DIR), shared with `deno test` and across
 * stacks, rather than the stack's data folder: tests wipe that folder and would fetch every npm
 * package again on each run, and hosted builds are cached across deploys as well.
 */
export function denoDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DENO_DIR) return path.resolve(env.DENO_DIR);
  if (env.XDG_CACHE_HOME) return path.join(env.XDG_CACHE_HOME, 'deno');
  return path.join(env.HOME || os.homedir(), '.cache', 'deno');
}

/**
 * The variables hosted Supabase gives every function
 * (supabase.com/docs/guides/functions/secrets#default-secrets, with the new API keys as JSON maps).
 */
export function platformVariables(config: StackConfig): Record<string, string> {
  return {
    SUPABASE_URL: config.apiUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SUPABASE_DB_URL: config.dbUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.secretKey }),
  };
}

/**
 * The environment of one function's worker: runtime settings, then the project's secrets, then the
 * platform's variables (as hosted, secrets named SUPABASE_* cannot override them).
 */
export function workerEnv(
  config: StackConfig,
  secrets: Record<string, string>,
  parentEnv: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of RUNTIME_PASSTHROUGH) {
    const value = parentEnv[name];
    if (value !== undefined) env[name] = value;
  }
  env.DENO_DIR = denoDir(parentEnv);
  env.DENO_NO_UPDATE_CHECK = '1';
  env.DENO_NO_PROMPT = '1';
  // Logs go to the stack output, not a terminal: no colour codes.
  env.NO_COLOR = '1';
  for (const [k, v] of Object.entries(secrets)) if (!k.startsWith('SUPABASE_')) env[k] = v;
  return { ...env, ...platformVariables(config) };
}
