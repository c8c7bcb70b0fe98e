import type { ServerResponse } from 'node:http';
import {
  buildReadStatement,
  checkUnusedPaths,
  compileNode,
  ident,
  newContext,
  qualified,
  selectSql,
} from './build-sql.ts';
import { RestError } from './errors.ts';
import { runTransaction, type Statement } from './executor.ts';
import { parseQueryParams, parseRangeHeader, type QueryParams } from './parse-query.ts';
import { headerValue, preRequestSql, transactionSettings, type HandlerDeps, type RequestState } from './request.ts';
import { contentRange, explainStatement, notSingular, sendBody, sendPlan } from './response.ts';
import { findRelation } from './schema-lookup.ts';

/** The page asked for: `limit`/`offset` of the query, else the Range header (reads only), capped by max_rows. */
export function rangeOf(deps: HandlerDeps, s: RequestState, q: QueryParams): { limit: number | null; offset: number } {
  const own = q.byPath.get('')!;
  const header = s.method === 'GET' || s.method === 'HEAD' ? parseRangeHeader(headerValue(s.req, 'range')) : null;
  const offset = own.offset ?? header?.offset ?? 0;
  let limit: number | null = own.limit ?? header?.limit ?? null;
  const max = deps.settings.maxRows;
  if (max !== null) limit = limit === null ? max : Math.min(limit, max);
  return { limit, offset };
}

/** GET/HEAD on a table or view: select, filters, embedding, order and range in one read-only statement. */
export async function read(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  const { cache, rel } = await findRelation(deps.cache, s.schema, name);
  const q = parseQueryParams(s.req.gatewayUrl.searchParams, undefined, { aggregates: deps.settings.aggregatesEnabled });
  const from = `${qualified(rel.schema, rel.name)} AS ${ident(rel.name)}`;
  const ctx = newContext(cache, s.schema, q);
  const parts = compileNode(ctx, rel, rel.name, from, q.select, []);
  checkUnusedPaths(ctx);
  const { limit, offset } = rangeOf(deps, s, q);
  const count = s.prefs.count;
  const singular = s.singular;
  const stmt = buildReadStatement(ctx, parts, {
    count,
    singular,
    csv: s.csv,
    stripNulls: s.stripNulls,
    limit,
    offset,
    maxRows: deps.settings.maxRows,
  });
  if (s.plan) {
    const [plan] = await runTransaction(deps.pool, {
      readOnly: true,
      settings: transactionSettings(deps, s),
      preRequest: preRequestSql(deps.settings),
      statements: [{ text: explainStatement(s, stmt.sql), values: ctx.params.values }],
    });
    return sendPlan(s, res, plan!);
  }
  const statements: Statement[] = [{ text: stmt.sql, values: ctx.params.values }];
  if (stmt.explainSql) {
    // EXPLAIN gets its own parameter list: a fresh compile of the same tree without order and range.
    const ctx2 = newContext(cache, s.schema, q);
    const parts2 = compileNode(ctx2, rel, rel.name, from, q.select, []);
    statements.push({ text: `EXPLAIN (FORMAT JSON) ${selectSql(parts2, false)}`, values: ctx2.params.values });
  }
  const results = await runTransaction(deps.pool, {
    readOnly: true,
    settings: transactionSettings(deps, s),
    preRequest: preRequestSql(deps.settings),
    statements,
  });
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
  if (total !== null && offset > total) {
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
