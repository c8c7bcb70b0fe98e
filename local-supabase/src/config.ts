import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';

/**
 * Everything the local stack needs to know, resolved once at start.
 * Defaults are the Supabase CLI's local contract (ports 54321/54322/54324/54325, its well-known keys); the
 * LOCAL_SUPABASE_* variables move ports and data so tests and parallel developers can run their own stack beside
 * another.
 */
export interface StackConfig {
  projectDir: string;
  dataDir: string;
  host: string;
  apiPort: number;
  dbPort: number;
  inboxPort: number;
  /** The inbox's SMTP port (the CLI's inbucket smtp_port, 54325). */
  smtpPort: number;
  /**
   * The local push service (src/push/: Web Push endpoints of test devices, RFC 8030/8291/8292). Hosted has none:
   * browsers bring their vendor's; this one stands in for it on the local stack.
   */
  pushPort: number;
  apiUrl: string;
  dbUrl: string;
  inboxUrl: string;
  pushUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /**
   * `[auth] signing_keys_path` as an absolute path (relative values are relative to the `supabase/` folder, as the
   * CLI resolves them in pkg/config/config.go), or null when unset: the stack then signs with its own ES256 key.
   * The file is read when the stack starts (src/signing-keys.ts).
   */
  signingKeysPath: string | null;
  /**
   * `supabase/config.toml`, parsed, its `env(NAME)` values resolved against `configEnv`; services read their own
   * sections (auth, storage, functions, api).
   */
  toml: Record<string, unknown>;
  /**
   * What `env(NAME)` in config.toml resolves against (configEnvironment): kept for settings read later, such as
   * `[edge_runtime.secrets]` when a function boots.
   */
  configEnv: Readonly<Record<string, string>>;
  /** Relaxed rate limits and fast timers for automated tests (LOCAL_SUPABASE_TEST=1). */
  testMode: boolean;
}

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
// The Supabase CLI's well-known local keys (public, development only).
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/**
 * The project folder, found as the Supabase CLI finds it (internal/utils/misc.go, ChangeWorkDir and
 * getProjectRoot): SUPABASE_WORKDIR when set, else the nearest folder from `cwd` upwards that holds
 * `supabase/config.toml`, else `cwd` itself.
 */
export function findProjectDir(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  if (env.SUPABASE_WORKDIR) return path.resolve(cwd, env.SUPABASE_WORKDIR);
  const start = path.resolve(cwd);
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'supabase', 'config.toml'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return n;
}

/**
 * `env(NAME)` as the Supabase CLI reads a config.toml string (pkg/config/decode_hooks.go, LoadEnvHook): the
 * whole value must be the reference, NAME is taken as written, and nothing else (defaults, `${NAME}`, text around
 * it) is substituted.
 */
const ENV_REFERENCE = /^env\((.*)\)$/;

/** The variable a value refers to, or null when it is not an `env(NAME)` reference. */
export function envReference(value: string): string | null {
  return ENV_REFERENCE.exec(value)?.[1] ?? null;
}

/**
 * A config value with `env(NAME)` replaced by the variable. Unset or empty leaves the text `env(NAME)` in place,
 * as the CLI does (it only warns for auth.site_url and auth.additional_redirect_urls); strings inside arrays and
 * tables are resolved too, other types are left alone.
 */
export function resolveEnvReferences<T>(value: T, env: Readonly<Record<string, string | undefined>>): T {
  if (typeof value === 'string') {
    const name = envReference(value);
    const resolved = name === null ? undefined : env[name];
    return (resolved ? resolved : value) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => resolveEnvReferences(v, env)) as T;
  const proto: unknown = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  // Tables only (the parser's are prototype-less); TOML dates are objects too and stay as they are.
  if (value && (proto === null || proto === Object.prototype)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvReferences(v, env)])) as T;
  }
  return value;
}

/**
 * The variables `env(NAME)` resolves against, assembled as the CLI does before it reads config.toml
 * (pkg/config/config.go, loadNestedEnv): the process environment, then, never overriding a variable already
 * present, `.env.<SUPABASE_ENV>.local`, `.env.local` (skipped when SUPABASE_ENV is test), `.env.<SUPABASE_ENV>`
 * and `.env`, first in `supabase/`, then in the project folder. SUPABASE_ENV defaults to development.
 */
export function configEnvironment(
  projectDir: string,
  processEnv: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(processEnv)) if (v !== undefined) env[k] = v;
  const mode = processEnv.SUPABASE_ENV || 'development';
  const names = [`.env.${mode}.local`, ...(mode === 'test' ? [] : ['.env.local']), `.env.${mode}`, '.env'];
  for (const dir of [path.join(projectDir, 'supabase'), projectDir]) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (!existsSync(file)) continue;
      for (const [k, v] of Object.entries(parseEnv(readFileSync(file, 'utf8'))))
        if (!(k in env) && v !== undefined) env[k] = v;
    }
  }
  return env;
}

/**
 * `processEnv` (default: this process's) supplies the LOCAL_SUPABASE_* settings and the variables config.toml's
 * `env(NAME)` values resolve against; overrides win over both.
 */
export function loadConfig(
  overrides: Partial<StackConfig> = {},
  processEnv: NodeJS.ProcessEnv = process.env,
): StackConfig {
  const projectDir = overrides.projectDir ?? findProjectDir(process.cwd(), processEnv);
  const host = overrides.host ?? '127.0.0.1';
  const apiPort = overrides.apiPort ?? intEnv(processEnv, 'LOCAL_SUPABASE_API_PORT', 54321);
  const dbPort = overrides.dbPort ?? intEnv(processEnv, 'LOCAL_SUPABASE_DB_PORT', 54322);
  const inboxPort = overrides.inboxPort ?? intEnv(processEnv, 'LOCAL_SUPABASE_INBOX_PORT', 54324);
  // Beside the inbox unless set (54325 by default), so a stack whose inbox port was moved moves SMTP with it.
  const smtpPort = overrides.smtpPort ?? intEnv(processEnv, 'LOCAL_SUPABASE_SMTP_PORT', inboxPort + 1);
  // Six above the inbox unless set (54330 by default: past the CLI's POP3 54326, analytics 54327 and pooler 54329),
  // so moving the inbox moves it too.
  const pushPort = overrides.pushPort ?? intEnv(processEnv, 'LOCAL_SUPABASE_PUSH_PORT', inboxPort + 6);
  const dataDir = path.resolve(
    projectDir,
    overrides.dataDir ?? processEnv.LOCAL_SUPABASE_DATA_DIR ?? '.data/local-supabase',
  );
  const configEnv = overrides.configEnv ?? configEnvironment(projectDir, processEnv);
  const tomlPath = path.join(projectDir, 'supabase/config.toml');
  const toml = existsSync(tomlPath)
    ? resolveEnvReferences(parseToml(readFileSync(tomlPath, 'utf8')) as Record<string, unknown>, configEnv)
    : {};
  return {
    projectDir,
    host,
    apiPort,
    dbPort,
    inboxPort,
    smtpPort,
    pushPort,
    apiUrl: `http://${host}:${apiPort}`,
    dbUrl: `postgresql://postgres:postgres@${host}:${dbPort}/postgres`,
    inboxUrl: `http://${host}:${inboxPort}`,
    pushUrl: `http://${host}:${pushPort}`,
    jwtSecret: DEFAULT_JWT_SECRET,
    anonKey: DEFAULT_ANON_KEY,
    serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY,
    publishableKey: DEFAULT_PUBLISHABLE_KEY,
    secretKey: DEFAULT_SECRET_KEY,
    signingKeysPath: signingKeysPathOf(projectDir, toml),
    toml,
    configEnv,
    testMode: processEnv.LOCAL_SUPABASE_TEST === '1',
    ...overrides,
    // A relative data folder given as an override is relative to the project, like LOCAL_SUPABASE_DATA_DIR.
    dataDir,
  };
}

function signingKeysPathOf(projectDir: string, toml: Record<string, unknown>): string | null {
  const auth = toml.auth;
  const value = auth && typeof auth === 'object' ? (auth as Record<string, unknown>).signing_keys_path : undefined;
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new Error('Invalid config for auth.signing_keys_path: expected a string');
  return path.resolve(projectDir, 'supabase', value);
}

/** Reads a nested section of config.toml, e.g. section(config, 'auth', 'email'). */
export function tomlSection(config: StackConfig, ...keys: string[]): Record<string, unknown> {
  let cur: unknown = config.toml;
  for (const k of keys) {
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
  }
  return cur && typeof cur === 'object' ? (cur as Record<string, unknown>) : {};
}
