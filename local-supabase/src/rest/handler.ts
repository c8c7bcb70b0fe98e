import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { BodyTooLargeError, readBody } from '../http.ts';
import { JwtError, type Keys } from '../keys.ts';
import type { GatewayRequest } from '../service.ts';
import {
  buildDelete,
  buildInsert,
  buildMutationStatement,
  buildReadStatement,
  bodySql,
  buildUpdate,
  callSql,
  checkUnusedPaths,
  compileNode,
  ident,
  newContext,
  qualified,
  resolveFunction,
  rootWhere,
  selectSql,
  type BuildContext,
  type Payload,
} from './build-sql.ts';
import { closest, fromPgError, invalidBody, isPgError, RestError, sendError } from './errors.ts';
import { runTransaction, type Statement } from './executor.ts';
import { parsePrefer, parseQueryParams, parseRangeHeader, type Preferences, type QueryParams } from './parse-query.ts';
import { relKey, type Func, type Relation, type SchemaCache } from './schema-cache.ts';
import type { SchemaCacheHolder } from './schema-holder.ts';

export interface RestSettings {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number | null;
  /** Request bodies above this are refused with 413 (hosted's gateway limits bodies too). */
  bodyLimit: number;
  anonRole: string;
}

export interface HandlerDeps {
  pool: pg.Pool;
  keys: Keys;
  cache: SchemaCacheHolder;
  settings: RestSettings;
}

interface RequestState {
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
}

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const JSON_CT = 'application/json; charset=utf-8';
const CSV_CT = 'text/csv; charset=utf-8';

export function createHandler(deps: HandlerDeps): (req: GatewayRequest, res: ServerResponse) => Promise<void> {
  const jwtCache = new Map<string, Record<string, unknown>>();

  async function claimsOf(req: GatewayRequest): Promise<Record<string, unknown>> {
    const auth = req.headers.authorization;
    const m = auth ? /^Bearer\s+(.*)$/i.exec(auth.trim()) : null;
    if (!m) return {};
    const token = m[1]!.trim();
    const cached = jwtCache.get(token);
    // Cached verifications still expire (with PostgREST's 30 s skew).
    if (cached && (typeof cached.exp !== 'number' || cached.exp * 1000 + 30_000 > Date.now())) return cached;
    jwtCache.delete(token);
    const payload = (await deps.keys.verify(token)) as Record<string, unknown>;
    if (jwtCache.size >= 1000) jwtCache.delete(jwtCache.keys().next().value!);
    jwtCache.set(token, payload);
    return payload;
  }

  return async function handle(req, res) {
    let authed = false;
    try {
      const method = req.method ?? 'GET';
      let claims: Record<string, unknown>;
      try {
        claims = await claimsOf(req);
      } catch (err) {
        if (err instanceof JwtError) {
          throw new RestError(401, err.code, err.message, null, null, {
            'WWW-Authenticate': `Bearer error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"`,
          });
        }
        throw err;
      }
      const role = typeof claims.role === 'string' && claims.role ? claims.role : deps.settings.anonRole;
      authed = role !== deps.settings.anonRole;
      const state: RequestState = {
        req,
        method,
        role,
        claims: { ...claims, role },
        schema: profileOf(req, method, deps.settings.schemas),
        prefs: parsePrefer(req.headers.prefer),
        ...mediaOf(req),
      };
      if (state.prefs.handling === 'strict' && state.prefs.invalid.length) {
        throw new RestError(
          400,
          'PGRST122',
          'Invalid preferences given with handling=strict in the Prefer header',
          `Invalid preferences: ${state.prefs.invalid.join(', ')}`,
        );
      }
      const segments = req.path.split('/').slice(1).map(decodeSegment);
      if (segments.length === 1 && segments[0] === '') return await root(state, res);
      if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) return await rpc(state, res, segments[1]);
      if (segments.length === 1) return await table(state, res, segments[0]!);
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    } catch (err) {
      sendError(res, toRestError(err, authed));
    }
  };

  function toRestError(err: unknown, authed: boolean): RestError {
    if (err instanceof RestError) return err;
    if (err instanceof BodyTooLargeError) {
      return new RestError(
        413,
        'PGRST413',
        'Request size limit exceeded',
        `The request body is larger than ${err.limit} bytes`,
      );
    }
    if (isPgError(err)) return fromPgError(err, authed);
    return new RestError(503, 'PGRST001', 'Database client error', String((err as Error)?.message ?? err));
  }

  async function currentCache(): Promise<SchemaCache> {
    return deps.cache.get();
  }

  async function findRelation(schema: string, name: string): Promise<{ cache: SchemaCache; rel: Relation }> {
    let cache = await currentCache();
    let rel = cache.relations.get(relKey(schema, name));
    if (!rel && deps.cache.reloading()) {
      cache = await deps.cache.fresh();
      rel = cache.relations.get(relKey(schema, name));
    }
    if (!rel) {
      const near = closest(
        name,
        [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name),
      );
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table '${schema}.${name}' in the schema cache`,
        null,
        near ? `Perhaps you meant the table '${schema}.${near}'` : null,
      );
    }
    return { cache, rel };
  }

  function txSettings(s: RequestState): [string, string][] {
    const req = s.req;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const cookies: Record<string, string> = {};
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const i = part.indexOf('=');
      if (i > 0) cookies[part.slice(0, i).trim()] = part.slice(i + 1).trim();
    }
    const searchPath = [s.schema, ...deps.settings.extraSearchPath.filter((x) => x !== s.schema)].map(ident).join(', ');
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

  // ---------- tables ----------

  async function table(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    switch (s.method) {
      case 'GET':
      case 'HEAD':
        return read(s, res, name);
      case 'POST':
        return insert(s, res, name);
      case 'PATCH':
        return update(s, res, name);
      case 'DELETE':
        return remove(s, res, name);
      case 'PUT':
        return put(s, res, name);
      case 'OPTIONS':
        await findRelation(s.schema, name);
        res.writeHead(200, { Allow: 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE', 'Content-Length': '0' });
        res.end();
        return;
      default:
        throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${s.method}`);
    }
  }

  function rangeOf(s: RequestState, q: QueryParams): { limit: number | null; offset: number } {
    const own = q.byPath.get('')!;
    const header = s.method === 'GET' || s.method === 'HEAD' ? parseRangeHeader(headerValue(s.req, 'range')) : null;
    const offset = own.offset ?? header?.offset ?? 0;
    let limit: number | null = own.limit ?? header?.limit ?? null;
    const max = deps.settings.maxRows;
    if (max !== null) limit = limit === null ? max : Math.min(limit, max);
    return { limit, offset };
  }

  async function read(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    const { cache, rel } = await findRelation(s.schema, name);
    const q = parseQueryParams(s.req.gatewayUrl.searchParams);
    const from = `${qualified(rel.schema, rel.name)} AS ${ident(rel.name)}`;
    await runRead(s, res, cache, rel, rel.name, from, q, s.singular);
  }

  async function runRead(
    s: RequestState,
    res: ServerResponse,
    cache: SchemaCache,
    rel: Relation,
    alias: string,
    from: string,
    q: QueryParams,
    singular: boolean,
    explainArgs?: () => string,
  ): Promise<void> {
    const ctx = newContext(cache, s.schema, q);
    const parts = compileNode(ctx, rel, alias, from, q.select, []);
    checkUnusedPaths(ctx);
    const { limit, offset } = rangeOf(s, q);
    const count = s.prefs.count;
    const stmt = buildReadStatement(ctx, parts, {
      count,
      singular,
      csv: s.csv,
      limit,
      offset,
      maxRows: deps.settings.maxRows,
    });
    const statements: Statement[] = [{ text: stmt.sql, values: ctx.params.values }];
    if (stmt.explainSql) {
      // EXPLAIN gets its own parameter list: a fresh compile of the same tree without order and range.
      const ctx2 = newContext(cache, s.schema, q);
      const from2 = explainArgs ? explainArgs() : from;
      const parts2 = compileNode(ctx2, rel, alias, from2, q.select, []);
      statements.push({ text: `EXPLAIN (FORMAT JSON) ${selectSql(parts2, false)}`, values: ctx2.params.values });
    }
    const results = await runTransaction(deps.pool, { readOnly: true, settings: txSettings(s), statements });
    const row = results[0]!.rows[0] as { total_result_set: string | null; page_total: string; body: string };
    const pageTotal = Number(row.page_total);
    let total: number | null = row.total_result_set === null ? null : Number(row.total_result_set);
    if (stmt.explainSql) {
      const plan = (results[1]!.rows[0] as Record<string, unknown>)['QUERY PLAN'] as {
        Plan: { 'Plan Rows': number };
      }[];
      const planned = plan[0]!.Plan['Plan Rows'];
      if (count === 'planned' || total === null || (deps.settings.maxRows !== null && total > deps.settings.maxRows))
        total = planned;
    }
    if (singular) {
      if (pageTotal !== 1) throw notSingular(pageTotal);
      return sendBody(s, res, 200, row.body, { 'Content-Range': contentRange(offset, pageTotal, total) }, true);
    }
    const lower = offset;
    if (total !== null && lower > total) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        {
          'Content-Range': `*/${total}`,
        },
      );
    }
    const status = total !== null && pageTotal < total ? 206 : 200;
    sendBody(s, res, status, row.body, { 'Content-Range': contentRange(offset, pageTotal, total) }, false);
  }

  function sendBody(
    s: RequestState,
    res: ServerResponse,
    status: number,
    body: string | null,
    headers: Record<string, string>,
    object: boolean,
  ): void {
    const h: Record<string, string> = { ...headers };
    if (s.prefs.applied.length) h['Preference-Applied'] = appliedPrefs(s.prefs);
    if (body === null) {
      res.writeHead(status, h);
      res.end();
      return;
    }
    h['Content-Type'] = s.csv ? CSV_CT : object ? `${OBJECT_MEDIA}; charset=utf-8` : JSON_CT;
    h['Content-Length'] = String(Buffer.byteLength(body));
    res.writeHead(status, h);
    res.end(s.method === 'HEAD' ? undefined : body);
  }

  // ---------- writes ----------

  async function payloadOf(s: RequestState, q: QueryParams, allowEmpty = false): Promise<Payload> {
    const raw = (await readBody(s.req, deps.settings.bodyLimit)).toString('utf8');
    let parsed: unknown;
    try {
      parsed = raw.trim() === '' && allowEmpty ? {} : JSON.parse(raw);
    } catch {
      throw invalidBody();
    }
    let rows: Record<string, unknown>[];
    let json: string;
    if (Array.isArray(parsed)) {
      if (!parsed.every(isObject)) throw invalidBody('All object keys must match');
      rows = parsed;
      json = raw;
    } else if (isObject(parsed)) {
      rows = [parsed];
      json = `[${raw}]`;
    } else {
      throw invalidBody();
    }
    let columns = q.columns;
    if (!columns) {
      columns = Object.keys(rows[0] ?? {});
      const key = [...columns].sort().join('\0');
      if (rows.some((r) => Object.keys(r).sort().join('\0') !== key)) throw invalidBody('All object keys must match');
    }
    return { json, rows, columns };
  }

  function needsRepresentation(s: RequestState): boolean {
    return s.prefs.return === 'representation';
  }

  /**
   * Commit or roll back after the statement: the singular check (mutations), `max-affected` with
   * handling=strict and `Prefer: tx=rollback` apply to writes and to function calls alike.
   */
  function txDecision(
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

  async function mutate(
    s: RequestState,
    ctx: BuildContext,
    rel: Relation,
    mutations: string[],
  ): Promise<{ pageTotal: number; inserted: number; body: string }> {
    const representation = needsRepresentation(s)
      ? { items: ctx.query.select, singular: s.singular, csv: s.csv }
      : null;
    const sql = buildMutationStatement(ctx, rel, mutations, representation);
    checkUnusedPaths(ctx);
    const tx = txDecision(s, true);
    const results = await runTransaction(deps.pool, {
      readOnly: false,
      settings: txSettings(s),
      statements: [{ text: sql, values: ctx.params.values }],
      decide: tx.decide,
    });
    const verdict = tx.verdict();
    if (verdict) throw verdict;
    const row = results[0]!.rows[0] as { page_total: string; inserted: string; body: string };
    return { pageTotal: Number(row.page_total), inserted: Number(row.inserted), body: row.body };
  }

  async function insert(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    const { cache, rel } = await findRelation(s.schema, name);
    const q = parseQueryParams(s.req.gatewayUrl.searchParams);
    const payload = await payloadOf(s, q);
    const ctx = newContext(cache, s.schema, q);
    const resolution = s.prefs.resolution;
    const mutations = buildInsert(ctx, rel, payload, {
      returnRows: needsRepresentation(s),
      onConflict: q.onConflict,
      resolution,
      missingDefault: s.prefs.missing === 'default',
    });
    const r = await mutate(s, ctx, rel, mutations);
    const status = resolution === 'merge-duplicates' && r.pageTotal > 0 && r.inserted === 0 ? 200 : 201;
    const headers = { 'Content-Range': `*/${s.prefs.count ? r.pageTotal : '*'}` };
    sendBody(s, res, status, needsRepresentation(s) ? r.body : null, headers, s.singular);
  }

  function requireWhere(q: QueryParams, verb: 'UPDATE' | 'DELETE'): void {
    // Hosted loads pg-safeupdate for the authenticator; embedded Postgres has no such module.
    if ((q.byPath.get('')?.filters.length ?? 0) === 0)
      throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
  }

  async function update(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    const { cache, rel } = await findRelation(s.schema, name);
    const q = parseQueryParams(s.req.gatewayUrl.searchParams);
    const payload = await payloadOf(s, q);
    requireWhere(q, 'UPDATE');
    const ctx = newContext(cache, s.schema, q);
    const where = rootWhere(ctx, rel);
    let r = { pageTotal: 0, inserted: 0, body: '[]' };
    if (payload.columns.length > 0) {
      r = await mutate(s, ctx, rel, [
        buildUpdate(ctx, rel, payload, where, { returnRows: needsRepresentation(s), missingDefault: false }),
      ]);
    } else if (s.singular) {
      throw notSingular(0);
    }
    const range = `${r.pageTotal > 0 ? `0-${r.pageTotal - 1}` : '*'}/${s.prefs.count ? r.pageTotal : '*'}`;
    if (needsRepresentation(s)) sendBody(s, res, 200, r.body, { 'Content-Range': range }, s.singular);
    else sendBody(s, res, 204, null, { 'Content-Range': range }, false);
  }

  async function remove(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    const { cache, rel } = await findRelation(s.schema, name);
    const q = parseQueryParams(s.req.gatewayUrl.searchParams);
    requireWhere(q, 'DELETE');
    const ctx = newContext(cache, s.schema, q);
    const where = rootWhere(ctx, rel);
    const r = await mutate(s, ctx, rel, [
      buildDelete(rel, where, { returnRows: needsRepresentation(s), missingDefault: false }),
    ]);
    const range = `*/${s.prefs.count ? r.pageTotal : '*'}`;
    if (needsRepresentation(s)) sendBody(s, res, 200, r.body, { 'Content-Range': range }, s.singular);
    else sendBody(s, res, 204, null, { 'Content-Range': range }, false);
  }

  /** PUT: single-row upsert addressed by every primary-key column with `eq` (PostgREST PGRST105/PGRST115). */
  async function put(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    const { cache, rel } = await findRelation(s.schema, name);
    const q = parseQueryParams(s.req.gatewayUrl.searchParams);
    const filters = q.byPath.get('')!.filters;
    const eqs = new Map<string, string>();
    for (const t of filters) {
      if (
        t.kind === 'filter' &&
        !t.filter.negate &&
        t.filter.op.kind === 'simple' &&
        t.filter.op.op === 'eq' &&
        !t.filter.op.quant &&
        !t.filter.field.path.length
      ) {
        eqs.set(t.filter.field.name, t.filter.op.value);
      } else eqs.set('\0invalid', '');
    }
    const pk = rel.pk;
    if (pk.length === 0 || eqs.size !== pk.length || !pk.every((c) => eqs.has(c))) {
      throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
    }
    const payload = await payloadOf(s, q);
    const row = payload.rows[0];
    if (payload.rows.length !== 1 || !row || !pk.every((c) => row[c] !== undefined && String(row[c]) === eqs.get(c))) {
      throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
    }
    const ctx = newContext(cache, s.schema, { ...q, byPath: new Map([['', { filters: [] }]]) });
    const mutations = buildInsert(ctx, rel, payload, {
      returnRows: needsRepresentation(s),
      onConflict: pk,
      resolution: 'merge-duplicates',
      missingDefault: false,
    });
    const r = await mutate(s, ctx, rel, mutations);
    if (needsRepresentation(s)) sendBody(s, res, 200, r.body, {}, s.singular);
    else sendBody(s, res, 204, null, {}, false);
  }

  // ---------- rpc ----------

  async function rpc(s: RequestState, res: ServerResponse, name: string): Promise<void> {
    if (!['GET', 'HEAD', 'POST'].includes(s.method)) {
      throw new RestError(405, 'PGRST101', `Cannot use the ${s.method} method on RPC`);
    }
    const isPost = s.method === 'POST';
    let cache = await currentCache();
    if (!cache.functions.has(relKey(s.schema, name)) && deps.cache.reloading()) cache = await deps.cache.fresh();
    const overloads = cache.functions.get(relKey(s.schema, name)) ?? [];
    const argNamesAll = new Set(overloads.flatMap((f) => f.params.map((p) => p.name)));
    const q = parseQueryParams(s.req.gatewayUrl.searchParams, isPost ? undefined : argNamesAll);
    let argsJson: string;
    let argNames: string[];
    if (isPost) {
      const raw = (await readBody(s.req, deps.settings.bodyLimit)).toString('utf8');
      let parsed: unknown;
      try {
        parsed = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        throw invalidBody();
      }
      const unnamedJson = overloads.find((f) => f.singleUnnamedJson);
      if (!isObject(parsed) && !unnamedJson) throw invalidBody();
      argsJson = raw.trim() === '' ? '{}' : raw;
      argNames = isObject(parsed) ? Object.keys(parsed) : [];
      if (unnamedJson && !overloads.some((f) => !f.singleUnnamedJson && namesMatch(f, argNames))) {
        return callFunction(s, res, cache, unnamedJson, argsJson, argNames, q);
      }
    } else {
      argsJson = JSON.stringify(Object.fromEntries(q.rpcArgs));
      argNames = [...q.rpcArgs.keys()];
    }
    const fn = resolveFunction(cache, s.schema, name, argNames, isPost);
    return callFunction(s, res, cache, fn, argsJson, argNames, q);
  }

  /** One function call in its transaction, with tx=rollback and max-affected honoured. */
  async function runCall(s: RequestState, readOnly: boolean, statement: Statement): Promise<pg.QueryResult[]> {
    const tx = txDecision(s, false);
    const results = await runTransaction(deps.pool, {
      readOnly,
      settings: txSettings(s),
      statements: [statement],
      decide: tx.decide,
    });
    const verdict = tx.verdict();
    if (verdict) throw verdict;
    return results;
  }

  async function callFunction(
    s: RequestState,
    res: ServerResponse,
    cache: SchemaCache,
    fn: Func,
    argsJson: string,
    argNames: string[],
    q: QueryParams,
  ): Promise<void> {
    const readOnly = s.method !== 'POST' || fn.volatility !== 'v';
    if (fn.returnKind === 'composite' && fn.returnRelation) {
      const rel = fn.returnRelation;
      const fromOf = (ctx: BuildContext) => {
        const { call, from } = callSql(ctx, fn, argsJson, argNames);
        return `(SELECT pgrst_call.* FROM ${from ? `${from}, LATERAL ` : ''}${call} AS pgrst_call) AS ${ident(fn.name)}`;
      };
      // The call's own parameters come first in each compile, so build the FROM inside the same context.
      return runRpcRead(s, res, cache, rel, fn, q, fromOf, readOnly);
    }
    const ctx = newContext(cache, s.schema, q);
    const { call, from } = callSql(ctx, fn, argsJson, argNames);
    const fromSql = from ? ` FROM ${from}` : '';
    if (fn.returnKind === 'void') {
      const sql = `SELECT NULL::bigint AS total_result_set, 1::bigint AS page_total, (${call})::text AS body${fromSql}`;
      await runCall(s, readOnly, { text: sql, values: ctx.params.values });
      return sendBody(s, res, 204, null, {}, false);
    }
    const body = s.csv
      ? bodySql({ singular: false, csv: true })
      : fn.returnsSet
        ? `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')`
        : `coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null')`;
    const sql = `WITH pgrst_source AS ( SELECT ${call} AS pgrst_scalar${fromSql} ) SELECT NULL::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${body}::text AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
    const results = await runCall(s, readOnly, { text: sql, values: ctx.params.values });
    const row = results[0]!.rows[0] as { page_total: string; body: string };
    const n = Number(row.page_total);
    // count=exact counts the call's rows (a scalar result is one row), as PostgREST does for any call.
    const total = s.prefs.count === 'exact' ? n : null;
    const headers: Record<string, string> =
      fn.returnsSet || total !== null ? { 'Content-Range': contentRange(0, n, total) } : {};
    sendBody(s, res, 200, row.body, headers, false);
  }

  async function runRpcRead(
    s: RequestState,
    res: ServerResponse,
    cache: SchemaCache,
    rel: Relation,
    fn: Func,
    q: QueryParams,
    fromOf: (ctx: BuildContext) => string,
    readOnly: boolean,
  ): Promise<void> {
    const singular = s.singular || !fn.returnsSet;
    const ctx = newContext(cache, s.schema, q);
    const from = fromOf(ctx);
    const parts = compileNode(ctx, rel, fn.name, from, q.select, []);
    checkUnusedPaths(ctx);
    const { limit, offset } = rangeOf(s, q);
    const count = s.prefs.count === 'exact' ? 'exact' : undefined;
    const stmt = buildReadStatement(ctx, parts, {
      count,
      singular,
      csv: s.csv,
      limit,
      offset,
      maxRows: deps.settings.maxRows,
    });
    const results = await runCall(s, readOnly, { text: stmt.sql, values: ctx.params.values });
    const row = results[0]!.rows[0] as { total_result_set: string | null; page_total: string; body: string };
    const pageTotal = Number(row.page_total);
    const total = row.total_result_set === null ? null : Number(row.total_result_set);
    if (!fn.returnsSet) return sendBody(s, res, 200, pageTotal === 0 && !s.csv ? 'null' : row.body, {}, s.singular);
    if (s.singular && pageTotal !== 1) throw notSingular(pageTotal);
    const status = !s.singular && total !== null && pageTotal < total ? 206 : 200;
    sendBody(s, res, status, row.body, { 'Content-Range': contentRange(offset, pageTotal, total) }, s.singular);
  }

  // ---------- root ----------

  async function root(s: RequestState, res: ServerResponse): Promise<void> {
    if (s.method !== 'GET' && s.method !== 'HEAD')
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${s.method}`);
    const cache = await currentCache();
    const paths: Record<string, unknown> = {
      '/': {
        get: { produces: ['application/openapi+json', 'application/json'], responses: { 200: { description: 'OK' } } },
      },
    };
    const definitions: Record<string, unknown> = {};
    for (const rel of cache.relations.values()) {
      if (rel.schema !== s.schema) continue;
      paths[`/${rel.name}`] = {
        get: { tags: [rel.name] },
        ...(rel.kind === 'table'
          ? { post: { tags: [rel.name] }, patch: { tags: [rel.name] }, delete: { tags: [rel.name] } }
          : {}),
      };
      definitions[rel.name] = {
        type: 'object',
        required: [...rel.columns.values()].filter((c) => !c.nullable && !c.hasDefault).map((c) => c.name),
        properties: Object.fromEntries([...rel.columns.values()].map((c) => [c.name, { format: c.type }])),
      };
    }
    for (const [key, fns] of cache.functions) {
      if (!key.startsWith(`${s.schema}.`)) continue;
      paths[`/rpc/${fns[0]!.name}`] = { post: { tags: ['(rpc) ' + fns[0]!.name] } };
    }
    const doc = JSON.stringify({
      swagger: '2.0',
      info: { title: 'standard public schema', version: '14.12' },
      basePath: '/',
      schemes: ['http'],
      consumes: ['application/json'],
      produces: ['application/json'],
      paths,
      definitions,
    });
    res.writeHead(200, {
      'Content-Type': 'application/openapi+json; charset=utf-8',
      'Content-Length': Buffer.byteLength(doc),
    });
    res.end(s.method === 'HEAD' ? undefined : doc);
  }
}

function namesMatch(f: Func, argNames: string[]): boolean {
  const names = new Set(f.params.map((p) => p.name));
  return argNames.every((a) => names.has(a)) && f.params.every((p) => p.hasDefault || argNames.includes(p.name));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function headerValue(req: GatewayRequest, name: string): string | undefined {
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

/**
 * The response media type from Accept, in the client's order: the singular object, text/csv, or JSON
 * (also for *\/*, application/* and no Accept); PGRST107 for media types PostgREST would not produce here.
 */
function mediaOf(req: GatewayRequest): { singular: boolean; csv: boolean } {
  const accept = headerValue(req, 'accept');
  if (!accept) return { singular: false, csv: false };
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  for (const t of types) {
    if (t === OBJECT_MEDIA) return { singular: true, csv: false };
    if (t === 'text/csv') return { singular: false, csv: true };
    if (t === 'application/json' || t === '*/*' || t === 'application/*' || t === '')
      return { singular: false, csv: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

function notSingular(n: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  );
}

function contentRange(offset: number, n: number, total: number | null): string {
  return `${n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
}

function appliedPrefs(p: Preferences): string {
  return p.applied.join(', ');
}
