import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

/**
 * Everything the local stack needs to know, resolved once at start.
 * Defaults are the Supabase CLI's local contract (DESIGN §1); the LOCAL_SUPABASE_* variables move
 * ports and data so tests and parallel developers can run their own stack beside `npm start`.
 */
export interface StackConfig {
  projectDir: string;
  dataDir: string;
  host: string;
  apiPort: number;
  dbPort: number;
  inboxPort: number;
  apiUrl: string;
  dbUrl: string;
  inboxUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** `supabase/config.toml`, parsed; services read their own sections (auth, storage, functions, api). */
  toml: Record<string, unknown>;
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

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return n;
}

export function loadConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const projectDir = overrides.projectDir ?? repoRoot;
  const host = overrides.host ?? '127.0.0.1';
  const apiPort = overrides.apiPort ?? intEnv('LOCAL_SUPABASE_API_PORT', 54321);
  const dbPort = overrides.dbPort ?? intEnv('LOCAL_SUPABASE_DB_PORT', 54322);
  const inboxPort = overrides.inboxPort ?? intEnv('LOCAL_SUPABASE_INBOX_PORT', 54324);
  const dataDir = path.resolve(projectDir, overrides.dataDir ?? process.env.LOCAL_SUPABASE_DATA_DIR ?? '.data/local-supabase');
  const tomlPath = path.join(projectDir, 'supabase/config.toml');
  const toml = existsSync(tomlPath) ? (parseToml(readFileSync(tomlPath, 'utf8')) as Record<string, unknown>) : {};
  return {
    projectDir,
    dataDir,
    host,
    apiPort,
    dbPort,
    inboxPort,
    apiUrl: `http://${host}:${apiPort}`,
    dbUrl: `postgresql://postgres:postgres@${host}:${dbPort}/postgres`,
    inboxUrl: `http://${host}:${inboxPort}`,
    jwtSecret: DEFAULT_JWT_SECRET,
    anonKey: DEFAULT_ANON_KEY,
    serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY,
    publishableKey: DEFAULT_PUBLISHABLE_KEY,
    secretKey: DEFAULT_SECRET_KEY,
    toml,
    testMode: process.env.LOCAL_SUPABASE_TEST === '1',
    ...overrides,
  };
}

/** Reads a nested section of config.toml, e.g. section(config, 'auth', 'email'). */
export function tomlSection(config: StackConfig, ...keys: string[]): Record<string, unknown> {
  let cur: unknown = config.toml;
  for (const k of keys) {
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
  }
  return cur && typeof cur === 'object' ? (cur as Record<string, unknown>) : {};
}
