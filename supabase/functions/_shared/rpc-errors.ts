import { HttpError } from './http.ts';

/** A PostgREST error as supabase-js returns it. */
export interface RpcError {
  code?: string;
  message: string;
}

/**
 * The HTTP answer for a database refusal that the caller should read (docs/security.md: a clear sentence and a
 * fitting SQLSTATE): not allowed 403, bad value 400, duplicate or wrong state 409, not found 404, too often 429.
 * Anything else is the function failing (a 500 without internals).
 */
export function httpErrorFromRpc(what: string, error: RpcError): Error {
  switch (error.code) {
    case '42501':
      return new HttpError(403, error.message, 'not_allowed');
    case '23514':
    case '22023':
      return new HttpError(400, error.message, 'invalid');
    case '23505':
      return new HttpError(409, error.message, 'duplicate');
    case '55000':
      return new HttpError(409, error.message, 'wrong_state');
    case 'P0002':
      return new HttpError(404, error.message, 'not_found');
    case 'PT429':
      return new HttpError(429, error.message, 'rate_limited');
    default:
      return new Error(`${what} failed: ${error.code ?? ''} ${error.message}`);
  }
}

/** A refusal's status and code per SQLSTATE; the database's sentence is the message. */
export type RefusalCodes = Partial<Record<'P0002' | '42501' | '55000' | '23514' | '22023' | '23505', [number, string]>>;

/** The caller's error for a refusal named in `codes`, else null (the function failing: a 500 without internals). */
export function refusalOf(error: { code?: string; message: string }, codes: RefusalCodes): HttpError | null {
  const hit = error.code ? codes[error.code as keyof RefusalCodes] : undefined;
  return hit ? new HttpError(hit[0], error.message, hit[1]) : null;
}
