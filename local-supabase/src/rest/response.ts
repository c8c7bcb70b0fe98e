import type { ServerResponse } from 'node:http';
import { BodyTooLargeError } from '../http.ts';
import { fromPgError, isPgError, RestError } from './errors.ts';
import type { RequestState } from './request.ts';

// How PostgREST answers: the body in the asked media type, Content-Range, Preference-Applied, and its errors.

/** Accept for one object rather than an array (supabase-js .single()). */
export const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const JSON_CT = 'application/json; charset=utf-8';
const CSV_CT = 'text/csv; charset=utf-8';

/** A response with `body` (null: none) as JSON, the singular object or CSV, as the request asked. */
export function sendBody(
  s: RequestState,
  res: ServerResponse,
  status: number,
  body: string | null,
  headers: Record<string, string>,
  object: boolean,
): void {
  const h: Record<string, string> = { ...headers };
  if (s.prefs.applied.length) h['Preference-Applied'] = s.prefs.applied.join(', ');
  if (body === null) {
    res.writeHead(status, h);
    res.end();
    return;
  }
  h['Content-Type'] = s.csv
    ? CSV_CT
    : object
      ? `${OBJECT_MEDIA}${s.stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`
      : s.stripNulls
        ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
        : JSON_CT;
  h['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(status, h);
  res.end(s.method === 'HEAD' ? undefined : body);
}

/**
 * `application/vnd.pgrst.plan`: the statement under EXPLAIN with the asked options, run in the request's
 * transaction (so ANALYZE runs it as the request would), answered 200 with the plan as Postgres gives it.
 */
export function explainStatement(s: RequestState, sql: string): string {
  const plan = s.plan!;
  return `EXPLAIN (${[`FORMAT ${plan.format.toUpperCase()}`, ...plan.options].join(', ')}) ${sql}`;
}

export function sendPlan(s: RequestState, res: ServerResponse, result: { rows: Record<string, unknown>[] }): void {
  const cells = result.rows.map((r) => r['QUERY PLAN']);
  const body = s.plan!.format === 'json' ? JSON.stringify(cells[0]) : cells.join('\n');
  res.writeHead(200, { 'Content-Type': s.plan!.contentType, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(s.method === 'HEAD' ? undefined : body);
}

export function contentRange(offset: number, n: number, total: number | null): string {
  return `${n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
}

export function notSingular(n: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  );
}

/** Any failure as PostgREST reports it; `authed` decides between 401 and 403 for a permission error. */
export function toRestError(err: unknown, authed: boolean): RestError {
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
