import type pg from 'pg';
import { JwtError, type Keys } from '../keys.ts';
import type { GatewayRequest } from '../service.ts';
import { ident } from './build-sql.ts';
import { RestError } from './errors.ts';
import { parsePrefer, type Preferences } from './parse-query.ts';
import { notSingular, OBJECT_MEDIA } from './response.ts';
import type { SchemaCacheHolder } from './schema-holder.ts';

// What a request says about itself before it is routed: who asks, in which schema, for which media type.

export interface RestSettings {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number | null;
  /** Request bodies above this are refused with 413 (hosted's gateway limits bodies too). */
  bodyLimit: number;
  anonRole: string;
  /** `pgrst.db_aggregates_enabled`: count(), sum(), avg(), max(), min() in select (off: 400 PGRST123). */
  aggregatesEnabled: boolean;
  /** `pgrst.db_plan_enabled`: the `application/vnd.pgrst.plan` media type (EXPLAIN). */
  planEnabled: boolean;
  /** `pgrst.db_pre_request`: the function called before every request's statement (null: none). */
  preRequest: { schema: string; name: string } | null;
}

export interface HandlerDeps {
  pool: pg.Pool;
  keys: Keys;
  cache: SchemaCacheHolder;
  settings: RestSettings;
}

export interface RequestState {
  req: GatewayRequest;
  method: string;
  role: string;
  claims: Record<string, unknown>;
  schema: string;
  prefs: Preferences;
  /** Accept asked for one object (application/vnd.pgrst.object+json). */
  singular: boolean;
  /** Accept asked for text/csv. */
  csv: boolean;
  /** `nulls=stripped` on the array or object media type: keys with null values are left out. */
  stripNulls: boolean;
  /** `application/vnd.pgrst.plan`: answer the statement's EXPLAIN instead of running it for its rows. */
  plan?: PlanMedia;
}

export interface PlanMedia {
  format: 'json' | 'text';
  /** EXPLAIN options, in PostgREST's order: ANALYZE, VERBOSE, SETTINGS, BUFFERS, WAL. */
  options: string[];
  /** The Content-Type of the answer, as PostgREST writes the media type back. */
  contentType: string;
}

/**
 * The caller's JWT claims ({} without a bearer token), verified once per token and cached while they are valid
 * (with PostgREST's 30 s skew). A token that fails verification is a 401 with PostgREST's WWW-Authenticate.
 */
export function claimsReader(keys: Keys): (req: GatewayRequest) => Promise<Record<string, unknown>> {
  const jwtCache = new Map<string, Record<string, unknown>>();

  async function verified(token: string): Promise<Record<string, unknown>> {
    const cached = jwtCache.get(token);
    if (cached && (typeof cached.exp !== 'number' || cached.exp * 1000 + 30_000 > Date.now())) return cached;
    jwtCache.delete(token);
    const payload = (await keys.verify(token)) as Record<string, unknown>;
    if (jwtCache.size >= 1000) jwtCache.delete(jwtCache.keys().next().value!);
    jwtCache.set(token, payload);
    return payload;
  }

  return async (req) => {
    const auth = req.headers.authorization;
    const m = auth ? /^Bearer\s+(.*)$/i.exec(auth.trim()) : null;
    if (!m) return {};
    try {
      return await verified(m[1]!.trim());
    } catch (err) {
      if (err instanceof JwtError) {
        throw new RestError(401, err.code, err.message, null, null, {
          'WWW-Authenticate': `Bearer error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"`,
        });
      }
      throw err;
    }
  };
}

/** The request's role (the claims' or anon), schema (profile headers), preferences and media type. */
export function requestState(
  req: GatewayRequest,
  claims: Record<string, unknown>,
  settings: RestSettings,
): RequestState {
  const method = req.method ?? 'GET';
  const role = typeof claims.role === 'string' && claims.role ? claims.role : settings.anonRole;
  const state: RequestState = {
    req,
    method,
    role,
    claims: { ...claims, role },
    schema: profileOf(req, method, settings.schemas),
    prefs: parsePrefer(req.headers.prefer),
    ...mediaOf(req, settings.planEnabled),
  };
  if (state.prefs.handling === 'strict' && state.prefs.invalid.length) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict in the Prefer header',
      `Invalid preferences: ${state.prefs.invalid.join(', ')}`,
    );
  }
  return state;
}

export function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

export function headerValue(req: GatewayRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function profileOf(req: GatewayRequest, method: string, schemas: string[]): string {
  const header =
    method === 'GET' || method === 'HEAD' ? headerValue(req, 'accept-profile') : headerValue(req, 'content-profile');
  if (header === undefined) return schemas[0]!;
  if (!schemas.includes(header)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${header}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  return header;
}

type Media = { singular: boolean; csv: boolean; stripNulls: boolean; plan?: PlanMedia };

/** One media range of Accept: lower-cased type and its parameters (quotes removed). */
function mediaRange(text: string): { type: string; params: Map<string, string> } {
  const [head, ...rest] = text.split(';');
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: head!.trim().toLowerCase(), params };
}

/** A media type PostgREST can answer with here (the plan's `for=` included), or null. */
function knownMedia(type: string, params: Map<string, string>, planEnabled: boolean): Media | null {
  const stripNulls = params.get('nulls') === 'stripped';
  if (type === OBJECT_MEDIA || type === 'application/vnd.pgrst.object')
    return { singular: true, csv: false, stripNulls };
  if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array')
    return { singular: false, csv: false, stripNulls };
  if (type === 'text/csv') return { singular: false, csv: true, stripNulls: false };
  if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === '')
    return { singular: false, csv: false, stripNulls: false };
  const plan = /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.exec(type);
  if (plan && planEnabled) {
    const forText = params.get('for') ?? 'application/json';
    const inner = mediaRange(forText);
    const target = knownMedia(inner.type, inner.params, false);
    if (!target) return null;
    const asked = new Set((params.get('options') ?? '').split('|'));
    const options = ['analyze', 'verbose', 'settings', 'buffers', 'wal'].filter((o) => asked.has(o));
    const format = plan[1] === '+json' ? 'json' : 'text';
    const contentType = `application/vnd.pgrst.plan+${format}; for="${forText}"${options.length ? `; options=${options.join('|')}` : ''}; charset=utf-8`;
    return { ...target, plan: { format, options: options.map((o) => o.toUpperCase()), contentType } };
  }
  return null;
}

/**
 * The response media type from Accept, in the client's order: the singular object, the array (with
 * `nulls=stripped`), text/csv, the plan (when `pgrst.db_plan_enabled`), or JSON (also for *\/*, application/*
 * and no Accept); PGRST107 for media types PostgREST would not produce here.
 */
function mediaOf(req: GatewayRequest, planEnabled: boolean): Media {
  const accept = headerValue(req, 'accept');
  if (!accept) return { singular: false, csv: false, stripNulls: false };
  const ranges = accept.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(mediaRange);
  for (const r of ranges) {
    const media = knownMedia(r.type, r.params, planEnabled);
    if (media) return media;
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${ranges.map((r) => r.type).join(', ')}`,
  );
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The settings PostgREST gives each request's transaction: search path, role, claims, method, path, headers and
 * cookies as `request.*`, the preferred time zone, and the role's own settings (ALTER ROLE … SET).
 */
export function transactionSettings(deps: HandlerDeps, s: RequestState): [string, string][] {
  const req = s.req;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) cookies[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  // The schema, then db-extra-search-path as given (PostgREST does not drop a repeat: "public", "public", …).
  const searchPath = [s.schema, ...deps.settings.extraSearchPath].map(ident).join(', ');
  const out: [string, string][] = [
    ['search_path', searchPath],
    ['role', s.role],
    ['request.jwt.claims', JSON.stringify(s.claims)],
    ['request.method', s.method],
    ['request.path', req.path],
    ['request.headers', JSON.stringify(headers)],
    ['request.cookies', JSON.stringify(cookies)],
  ];
  if (s.prefs.timezone) out.push(['timezone', s.prefs.timezone]);
  const cache = deps.cache.peek();
  for (const setting of cache?.roleSettings.get(s.role) ?? []) out.push(setting);
  return out;
}

/**
 * `select "schema"."fn"()` for db-pre-request (PostgREST's preReqQuery; an unqualified name is left to the
 * request's search_path, as PostgREST's fromQi leaves it), or null when none is set.
 */
export function preRequestSql(settings: RestSettings): string | null {
  const fn = settings.preRequest;
  if (!fn) return null;
  return `select ${fn.schema ? `${ident(fn.schema)}.` : ''}${ident(fn.name)}()`;
}

/**
 * Commit or roll back after the statement: the singular check (mutations), `max-affected` with
 * handling=strict and `Prefer: tx=rollback` apply to writes and to function calls alike.
 */
export function transactionDecision(
  s: RequestState,
  checkSingular: boolean,
): { decide: (r: pg.QueryResult[]) => 'commit' | 'rollback'; verdict: () => RestError | null } {
  const maxAffected = s.prefs.handling === 'strict' ? s.prefs.maxAffected : undefined;
  let verdict: RestError | null = null;
  return {
    decide: (r) => {
      const n = Number(r[0]!.rows[0].page_total);
      if (checkSingular && s.singular && n !== 1) verdict = notSingular(n);
      else if (maxAffected !== undefined && n > maxAffected) {
        verdict = new RestError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${n} rows`,
        );
      }
      return verdict || s.prefs.tx === 'rollback' ? 'rollback' : 'commit';
    },
    verdict: () => verdict,
  };
}
