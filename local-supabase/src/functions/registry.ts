import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { envReference, resolveEnvReferences, type StackConfig } from '../config.ts';

/**
 * Where functions live and how each is configured.
 * - `supabase/functions/<name>/index.ts` is a function (folders starting with `_` or `.` are not: `_shared`);
 *   its settings are `[functions.<name>]` in `supabase/config.toml` (`verify_jwt` default true, `enabled`).
 * - LOCAL_SUPABASE_FUNCTIONS_DIRS (comma-separated, relative to the project) adds roots, used for test
 *   fixtures; each extra root is laid out the same way and carries its own `config.toml` with the same
 *   `[functions.<name>]` tables, so a fixture is configured exactly as a real function would be.
 * - Secrets, as `supabase start` / `supabase functions serve` hand them over (internal/secrets/set ListSecrets):
 *   `[edge_runtime.secrets]` of `supabase/config.toml` (names upper-cased; an `env(NAME)` value counts only once
 *   resolved, and an empty value not at all), then `supabase/functions/.env` (git-ignored) over them, for every
 *   function; then the extra root's own `.env`.
 * Config files are re-read when their mtime changes, so edits apply without restarting the stack.
 */
export interface FunctionRoot {
  dir: string;
  configFile: string;
  envFile: string;
}

export interface ResolvedFunction {
  name: string;
  dir: string;
  entry: string;
  root: FunctionRoot;
  verifyJwt: boolean;
}

/** Hosted function slugs: a letter, then letters, digits, `-` and `_`. */
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function functionRoots(
  config: StackConfig,
  extraDirs = process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS ?? '',
): FunctionRoot[] {
  const primary = path.join(config.projectDir, 'supabase', 'functions');
  const roots: FunctionRoot[] = [
    {
      dir: primary,
      configFile: path.join(config.projectDir, 'supabase', 'config.toml'),
      envFile: path.join(primary, '.env'),
    },
  ];
  for (const raw of extraDirs.split(',')) {
    const trimmed = raw.trim();
    if (!trimmed) continue;
    const dir = path.resolve(config.projectDir, trimmed);
    if (roots.some((r) => r.dir === dir)) continue;
    roots.push({ dir, configFile: path.join(dir, 'config.toml'), envFile: path.join(dir, '.env') });
  }
  return roots;
}

interface Cached<T> {
  mtimeMs: number;
  value: T;
}

export class FunctionRegistry {
  private readonly tomlCache = new Map<string, Cached<Record<string, unknown>>>();

  /** `configEnv`: what `env(NAME)` in config.toml resolves against (StackConfig.configEnv). */
  constructor(
    readonly roots: FunctionRoot[],
    private readonly log: (msg: string) => void = () => undefined,
    private readonly configEnv: Readonly<Record<string, string>> = {},
  ) {}

  /** The function served at `/functions/v1/<name>`, or null (unknown, not a slug, or `enabled = false`). */
  resolve(name: string): ResolvedFunction | null {
    if (!SLUG.test(name)) return null;
    for (const root of this.roots) {
      const dir = path.join(root.dir, name);
      const entry = path.join(dir, 'index.ts');
      if (!existsSync(entry)) continue;
      const settings = this.settings(root, name);
      if (settings.enabled === false) return null;
      return { name, dir, entry, root, verifyJwt: settings.verify_jwt !== false };
    }
    return null;
  }

  /** Secrets for a function: config.toml's `[edge_runtime.secrets]`, the primary root's `.env`, its own root's `.env`. */
  secrets(fn: ResolvedFunction): Record<string, string> {
    const files = [this.roots[0]!.envFile, fn.root.envFile];
    const out: Record<string, string> = {};
    const edgeRuntime = this.toml(this.roots[0]!.configFile).edge_runtime;
    const declared =
      edgeRuntime && typeof edgeRuntime === 'object' ? (edgeRuntime as Record<string, unknown>).secrets : undefined;
    if (declared && typeof declared === 'object') {
      for (const [k, v] of Object.entries(declared as Record<string, unknown>)) {
        if (typeof v === 'string' && v !== '' && envReference(v) === null) out[k.toUpperCase()] = v;
      }
    }
    for (const file of new Set(files)) {
      if (!existsSync(file)) continue;
      for (const [k, v] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) if (v !== undefined) out[k] = v;
    }
    return out;
  }

  private settings(root: FunctionRoot, name: string): Record<string, unknown> {
    const functions = this.toml(root.configFile).functions;
    const section =
      functions && typeof functions === 'object' ? (functions as Record<string, unknown>)[name] : undefined;
    return section && typeof section === 'object' ? (section as Record<string, unknown>) : {};
  }

  private toml(file: string): Record<string, unknown> {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    const cached = this.tomlCache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.value;
    let value: Record<string, unknown> = cached?.value ?? {};
    try {
      value = resolveEnvReferences(parseToml(readFileSync(file, 'utf8')) as Record<string, unknown>, this.configEnv);
    } catch (err) {
      this.log(`${file}: ${(err as Error).message} (keeping the previous settings)`);
    }
    this.tomlCache.set(file, { mtimeMs, value });
    return value;
  }
}
