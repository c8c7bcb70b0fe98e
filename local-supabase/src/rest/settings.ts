import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { parse as parseToml } from 'smol-toml';
import { resolveEnvReferences, type StackConfig } from '../config.ts';
import type { RestSettings } from './request.ts';

// PostgREST's configuration as hosted Supabase sets it: the project's API settings (here `[api]` of
// supabase/config.toml, which the dashboard writes on hosted) overridden by the in-database settings
// `alter role authenticator set pgrst.<name> = '…'` (PostgREST's db-config), read at start and again on
// `NOTIFY pgrst, 'reload config'` (docs.postgrest.org/en/v14/references/configuration.html#in-database-configuration).

/** 10 MB: far above any row an app sends, small enough that a flood of huge bodies cannot exhaust memory. */
export const REST_BODY_LIMIT = 10 * 1024 * 1024;

/** The in-database settings, as PostgREST reads them for the role it connects as (`pgrst.` removed). */
const DB_CONFIG_SQL = `
select substr(split_part(cfg, '=', 1), 7) as name, substr(cfg, strpos(cfg, '=') + 1) as value
from pg_db_role_setting s, unnest(s.setconfig) cfg
where s.setrole = 'authenticator'::regrole
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and cfg like 'pgrst.%'
order by s.setdatabase`;

export async function readDbConfig(db: pg.Pool | pg.Client): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; value: string }>(DB_CONFIG_SQL);
  // database-specific settings come last and win
  return new Map(rows.map((r) => [r.name, r.value]));
}

/** config.toml's `[api]` as it is on disk now (the stack's own copy was read at start). */
export function readApiSection(config: StackConfig): Record<string, unknown> {
  const file = path.join(config.projectDir, 'supabase', 'config.toml');
  if (!existsSync(file)) return {};
  try {
    const toml = resolveEnvReferences(
      parseToml(readFileSync(file, 'utf8')) as Record<string, unknown>,
      config.configEnv,
    );
    const api = toml.api;
    return api && typeof api === 'object' ? (api as Record<string, unknown>) : {};
  } catch {
    // A half-written file: keep the settings in force until it parses.
    return (config.toml.api ?? {}) as Record<string, unknown>;
  }
}

/** PostgREST's boolean reading: true/false in any case and quoting, else a number > 0. */
export function configBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const word = value.replace(/[^A-Za-z]/g, '').toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  return /^-?\d+$/.test(value.trim()) ? Number(value) > 0 : fallback;
}

function list(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : null;
}

function stringList(v: unknown, fallback: string[]): string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') && v.length > 0 ? (v as string[]) : fallback;
}

/** The settings in force: config.toml's `[api]`, then `pgrst.*` of authenticator over it. */
export function restSettingsFrom(api: Record<string, unknown>, db: Map<string, string>): RestSettings {
  const tomlMaxRows = typeof api.max_rows === 'number' && api.max_rows > 0 ? api.max_rows : null;
  const dbMaxRows = db.has('db_max_rows') ? Number(db.get('db_max_rows')) : NaN;
  return {
    schemas: list(db.get('db_schemas')) ?? stringList(api.schemas, ['public']),
    extraSearchPath:
      list(db.get('db_extra_search_path')) ?? stringList(api.extra_search_path, ['public', 'extensions']),
    maxRows: Number.isInteger(dbMaxRows) && dbMaxRows > 0 ? dbMaxRows : tomlMaxRows,
    bodyLimit: REST_BODY_LIMIT,
    anonRole: 'anon',
    aggregatesEnabled: configBool(db.get('db_aggregates_enabled'), false),
    planEnabled: configBool(db.get('db_plan_enabled'), false),
    preRequest: qualifiedName(db.get('db_pre_request')),
  };
}

/**
 * PostgREST's toQi: `schema.name` split at the first dot, a name without one unqualified; empty is unset.
 * (Hosted has no config.toml key for it: only `alter role authenticator set pgrst.db_pre_request`.)
 */
export function qualifiedName(value: string | undefined): { schema: string; name: string } | null {
  const text = value?.trim();
  if (!text) return null;
  const dot = text.indexOf('.');
  return dot < 0 ? { schema: '', name: text } : { schema: text.slice(0, dot), name: text.slice(dot + 1) };
}
