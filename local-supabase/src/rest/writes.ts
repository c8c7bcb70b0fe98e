import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { readBody } from '../http.ts';
import {
  buildDelete,
  buildInsert,
  buildMutationStatement,
  buildUpdate,
  checkUnusedPaths,
  newContext,
  returnedColumns,
  rootWhere,
  type BuildContext,
  type Payload,
} from './build-sql.ts';
import { invalidBody, RestError } from './errors.ts';
import { runTransaction } from './executor.ts';
import { parseJsonBody } from './json-body.ts';
import { parseQueryParams, type QueryParams } from './parse-query.ts';
import type { Relation } from './schema-cache.ts';
import {
  isObject,
  preRequestSql,
  transactionDecision,
  transactionSettings,
  type HandlerDeps,
  type RequestState,
} from './request.ts';
import { explainStatement, notSingular, sendBody, sendPlan } from './response.ts';
import { findRelation } from './schema-lookup.ts';

// Writes to a table: POST inserts (and upserts), PATCH updates, DELETE deletes, PUT upserts one row by its key.
// Each is one statement in its own transaction, returning the rows only when `Prefer: return=representation`.

/** The JSON body: one object or an array of objects with the same keys (or the `columns` of the query). */
async function payloadOf(deps: HandlerDeps, s: RequestState, q: QueryParams): Promise<Payload> {
  const raw = (await readBody(s.req, deps.settings.bodyLimit)).toString('utf8');
  const parsed = parseJsonBody(raw);
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

async function mutate(
  deps: HandlerDeps,
  s: RequestState,
  ctx: BuildContext,
  rel: Relation,
  mutations: string[],
): Promise<{ pageTotal: number; inserted: number; body: string } | { plan: pg.QueryResult }> {
  const representation = needsRepresentation(s)
    ? { items: ctx.query.select, singular: s.singular, csv: s.csv, stripNulls: s.stripNulls }
    : null;
  const sql = buildMutationStatement(ctx, rel, mutations, representation);
  checkUnusedPaths(ctx);
  if (s.plan) {
    const [plan] = await runTransaction(deps.pool, {
      readOnly: false,
      settings: transactionSettings(deps, s),
      preRequest: preRequestSql(deps.settings),
      statements: [{ text: explainStatement(s, sql), values: ctx.params.values }],
    });
    return { plan: plan! };
  }
  const tx = transactionDecision(s, true);
  const results = await runTransaction(deps.pool, {
    readOnly: false,
    settings: transactionSettings(deps, s),
    preRequest: preRequestSql(deps.settings),
    statements: [{ text: sql, values: ctx.params.values }],
    decide: tx.decide,
  });
  const verdict = tx.verdict();
  if (verdict) throw verdict;
  const row = results[0]!.rows[0] as { page_total: string; inserted: string; body: string };
  return { pageTotal: Number(row.page_total), inserted: Number(row.inserted), body: row.body };
}

export async function insert(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  const { cache, rel } = await findRelation(deps.cache, s.schema, name);
  const q = parseQueryParams(s.req.gatewayUrl.searchParams, undefined, { aggregates: deps.settings.aggregatesEnabled });
  const payload = await payloadOf(deps, s, q);
  const ctx = newContext(cache, s.schema, q);
  const resolution = s.prefs.resolution;
  const mutations = buildInsert(ctx, rel, payload, {
    returnRows: needsRepresentation(s),
    returnColumns: returnedColumns(rel, q.select),
    onConflict: q.onConflict,
    resolution,
    missingDefault: s.prefs.missing === 'default',
  });
  const r = await mutate(deps, s, ctx, rel, mutations);
  if ('plan' in r) return sendPlan(s, res, r.plan);
  const status = resolution === 'merge-duplicates' && r.pageTotal > 0 && r.inserted === 0 ? 200 : 201;
  const headers = { 'Content-Range': `*/${s.prefs.count ? r.pageTotal : '*'}` };
  sendBody(s, res, status, needsRepresentation(s) ? r.body : null, headers, s.singular);
}

function requireWhere(q: QueryParams, verb: 'UPDATE' | 'DELETE'): void {
  // Hosted loads pg-safeupdate for the authenticator; embedded Postgres has no such module.
  if ((q.byPath.get('')?.filters.length ?? 0) === 0)
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
}

export async function update(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  const { cache, rel } = await findRelation(deps.cache, s.schema, name);
  const q = parseQueryParams(s.req.gatewayUrl.searchParams, undefined, { aggregates: deps.settings.aggregatesEnabled });
  const payload = await payloadOf(deps, s, q);
  requireWhere(q, 'UPDATE');
  const ctx = newContext(cache, s.schema, q);
  const where = rootWhere(ctx, rel);
  let r = { pageTotal: 0, inserted: 0, body: '[]' };
  if (payload.columns.length > 0) {
    const done = await mutate(deps, s, ctx, rel, [
      buildUpdate(ctx, rel, payload, where, {
        returnRows: needsRepresentation(s),
        returnColumns: returnedColumns(rel, q.select),
        missingDefault: false,
      }),
    ]);
    if ('plan' in done) return sendPlan(s, res, done.plan);
    r = done;
  } else if (s.singular) {
    throw notSingular(0);
  }
  const range = `${r.pageTotal > 0 ? `0-${r.pageTotal - 1}` : '*'}/${s.prefs.count ? r.pageTotal : '*'}`;
  if (needsRepresentation(s)) sendBody(s, res, 200, r.body, { 'Content-Range': range }, s.singular);
  else sendBody(s, res, 204, null, { 'Content-Range': range }, false);
}

export async function remove(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  const { cache, rel } = await findRelation(deps.cache, s.schema, name);
  const q = parseQueryParams(s.req.gatewayUrl.searchParams, undefined, { aggregates: deps.settings.aggregatesEnabled });
  requireWhere(q, 'DELETE');
  const ctx = newContext(cache, s.schema, q);
  const where = rootWhere(ctx, rel);
  const r = await mutate(deps, s, ctx, rel, [
    buildDelete(rel, where, {
      returnRows: needsRepresentation(s),
      returnColumns: returnedColumns(rel, q.select),
      missingDefault: false,
    }),
  ]);
  if ('plan' in r) return sendPlan(s, res, r.plan);
  const range = `*/${s.prefs.count ? r.pageTotal : '*'}`;
  if (needsRepresentation(s)) sendBody(s, res, 200, r.body, { 'Content-Range': range }, s.singular);
  else sendBody(s, res, 204, null, { 'Content-Range': range }, false);
}

/** PUT: single-row upsert addressed by every primary-key column with `eq` (PostgREST PGRST105/PGRST115). */
export async function put(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  const { cache, rel } = await findRelation(deps.cache, s.schema, name);
  const q = parseQueryParams(s.req.gatewayUrl.searchParams, undefined, { aggregates: deps.settings.aggregatesEnabled });
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
  const payload = await payloadOf(deps, s, q);
  const row = payload.rows[0];
  if (payload.rows.length !== 1 || !row || !pk.every((c) => row[c] !== undefined && String(row[c]) === eqs.get(c))) {
    throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
  const ctx = newContext(cache, s.schema, { ...q, byPath: new Map([['', { filters: [] }]]) });
  const mutations = buildInsert(ctx, rel, payload, {
    returnRows: needsRepresentation(s),
    returnColumns: returnedColumns(rel, q.select),
    onConflict: pk,
    resolution: 'merge-duplicates',
    missingDefault: false,
  });
  const r = await mutate(deps, s, ctx, rel, mutations);
  if ('plan' in r) return sendPlan(s, res, r.plan);
  if (needsRepresentation(s)) sendBody(s, res, 200, r.body, {}, s.singular);
  else sendBody(s, res, 204, null, {}, false);
}
