import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { readBody } from '../http.ts';
import {
  bodySql,
  buildReadStatement,
  callSql,
  checkUnusedPaths,
  compileNode,
  ident,
  newContext,
  type BuildContext,
} from './build-sql.ts';
import { invalidBody, RestError } from './errors.ts';
import { findFunction, takesWholeBody, type CallMedia } from './find-function.ts';
import { runTransaction, type Statement } from './executor.ts';
import { parseJsonBody } from './json-body.ts';
import { parseQueryParams, type QueryParams } from './parse-query.ts';
import { rangeOf } from './read.ts';
import {
  headerValue,
  isObject,
  preRequestSql,
  transactionDecision,
  transactionSettings,
  type HandlerDeps,
  type RequestState,
} from './request.ts';
import { contentRange, explainStatement, notSingular, sendBody, sendPlan } from './response.ts';
import type { Func, Relation, SchemaCache } from './schema-cache.ts';
import { findFunctions } from './schema-lookup.ts';

/**
 * `/rpc/<fn>`: POST with the arguments as a JSON object (or one unnamed json/jsonb argument), GET and HEAD with
 * them in the query string (read-only). The overload is picked by argument names, as PostgREST's findProc does.
 */
export async function rpc(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  if (!['GET', 'HEAD', 'POST'].includes(s.method)) {
    throw new RestError(405, 'PGRST101', `Cannot use the ${s.method} method on RPC`);
  }
  const isPost = s.method === 'POST';
  const { cache, overloads } = await findFunctions(deps.cache, s.schema, name);
  const argNamesAll = new Set(overloads.flatMap((f) => f.params.map((p) => p.name)));
  const q = parseQueryParams(s.req.gatewayUrl.searchParams, isPost ? undefined : argNamesAll, {
    aggregates: deps.settings.aggregatesEnabled,
  });
  if (!isPost) {
    const argNames = [...q.rpcArgs.keys()];
    const fn = findFunction(cache, s.schema, name, argNames, 'json', false);
    return callFunction(deps, s, res, cache, fn, JSON.stringify(Object.fromEntries(q.rpcArgs)), argNames, q);
  }
  const media = callMedia(headerValue(s.req, 'content-type'));
  const bytes = await readBody(s.req, deps.settings.bodyLimit);
  if (media !== 'json') {
    // text, xml and bytes go whole to a function's single unnamed parameter of that type.
    const fn = findFunction(cache, s.schema, name, [], media, true);
    return callFunction(deps, s, res, cache, fn, '{}', [], q, media === 'octet' ? bytes : bytes.toString('utf8'));
  }
  const raw = bytes.toString('utf8');
  const parsed = raw.trim() === '' ? {} : parseJsonBody(raw);
  const argNames = isObject(parsed) ? Object.keys(parsed) : [];
  const fn = findFunction(cache, s.schema, name, argNames, 'json', true);
  if (!isObject(parsed) && !takesWholeBody(fn)) throw invalidBody();
  return callFunction(deps, s, res, cache, fn, raw.trim() === '' ? '{}' : raw, argNames, q, raw);
}

/** The media type of a call's body, as PostgREST reads Content-Type (JSON when absent or unknown). */
function callMedia(contentType: string | undefined): CallMedia {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (t === 'text/plain') return 'text';
  if (t === 'text/xml') return 'xml';
  if (t === 'application/octet-stream') return 'octet';
  return 'json';
}

/** One function call in its transaction, with tx=rollback and max-affected honoured. */
async function runCall(
  deps: HandlerDeps,
  s: RequestState,
  readOnly: boolean,
  statement: Statement,
): Promise<pg.QueryResult[]> {
  if (s.plan) {
    return runTransaction(deps.pool, {
      readOnly,
      settings: transactionSettings(deps, s),
      preRequest: preRequestSql(deps.settings),
      statements: [{ text: explainStatement(s, statement.text), values: statement.values }],
    });
  }
  const tx = transactionDecision(s, false);
  const results = await runTransaction(deps.pool, {
    readOnly,
    settings: transactionSettings(deps, s),
    preRequest: preRequestSql(deps.settings),
    statements: [statement],
    decide: tx.decide,
  });
  const verdict = tx.verdict();
  if (verdict) throw verdict;
  return results;
}

async function callFunction(
  deps: HandlerDeps,
  s: RequestState,
  res: ServerResponse,
  cache: SchemaCache,
  fn: Func,
  argsJson: string,
  argNames: string[],
  q: QueryParams,
  wholeBody?: string | Buffer,
): Promise<void> {
  const readOnly = s.method !== 'POST' || fn.volatility !== 'v';
  if (fn.returnKind === 'composite' && fn.returnRelation) {
    const rel = fn.returnRelation;
    const fromOf = (ctx: BuildContext) => {
      const { call, from } = callSql(ctx, fn, argsJson, argNames, wholeBody);
      return `(SELECT pgrst_call.* FROM ${from ? `${from}, LATERAL ` : ''}${call} AS pgrst_call) AS ${ident(fn.name)}`;
    };
    // The call's own parameters come first in each compile, so build the FROM inside the same context.
    return runRpcRead(deps, s, res, cache, rel, fn, q, fromOf, readOnly);
  }
  const ctx = newContext(cache, s.schema, q);
  const { call, from } = callSql(ctx, fn, argsJson, argNames, wholeBody);
  const fromSql = from ? ` FROM ${from}` : '';
  if (fn.returnKind === 'void') {
    const sql = `SELECT NULL::bigint AS total_result_set, 1::bigint AS page_total, (${call})::text AS body${fromSql}`;
    const done = await runCall(deps, s, readOnly, { text: sql, values: ctx.params.values });
    if (s.plan) return sendPlan(s, res, done[0]!);
    return sendBody(s, res, 204, null, {}, false);
  }
  const body = s.csv
    ? bodySql({ singular: false, csv: true })
    : fn.returnsSet
      ? `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')`
      : `coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null')`;
  const sql = `WITH pgrst_source AS ( SELECT ${call} AS pgrst_scalar${fromSql} ) SELECT NULL::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${body}::text AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
  const results = await runCall(deps, s, readOnly, { text: sql, values: ctx.params.values });
  if (s.plan) return sendPlan(s, res, results[0]!);
  const row = results[0]!.rows[0] as { page_total: string; body: string };
  const n = Number(row.page_total);
  // count=exact counts the call's rows (a scalar result is one row), as PostgREST does for any call.
  const total = s.prefs.count === 'exact' ? n : null;
  const headers: Record<string, string> =
    fn.returnsSet || total !== null ? { 'Content-Range': contentRange(0, n, total) } : {};
  sendBody(s, res, 200, row.body, headers, false);
}

/** A function returning rows of a table type: read like that table (select, filters, embedding, range). */
async function runRpcRead(
  deps: HandlerDeps,
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
  const { limit, offset } = rangeOf(deps, s, q);
  const count = s.prefs.count === 'exact' ? 'exact' : undefined;
  const stmt = buildReadStatement(ctx, parts, {
    count,
    singular,
    csv: s.csv,
    stripNulls: s.stripNulls,
    limit,
    offset,
    maxRows: deps.settings.maxRows,
  });
  const results = await runCall(deps, s, readOnly, { text: stmt.sql, values: ctx.params.values });
  if (s.plan) return sendPlan(s, res, results[0]!);
  const row = results[0]!.rows[0] as { total_result_set: string | null; page_total: string; body: string };
  const pageTotal = Number(row.page_total);
  const total = row.total_result_set === null ? null : Number(row.total_result_set);
  if (!fn.returnsSet) return sendBody(s, res, 200, pageTotal === 0 && !s.csv ? 'null' : row.body, {}, s.singular);
  if (s.singular && pageTotal !== 1) throw notSingular(pageTotal);
  const status = !s.singular && total !== null && pageTotal < total ? 206 : 200;
  sendBody(s, res, status, row.body, { 'Content-Range': contentRange(offset, pageTotal, total) }, s.singular);
}
