import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * GoTrue's three error kinds (internal/api/errors.go): HTTPError (`{code, message}` for API version
 * 2024-01-01, `{code: <status>, error_code, msg}` before), OAuthError (`{error, error_description}`, always 400)
 * and WeakPasswordError (422 with `weak_password.reasons`).
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly kind: 'http' | 'oauth' | 'weak_password' = 'http',
    readonly reasons: string[] = [],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const internal = (message: string) => new AuthError(500, 'unexpected_failure', message);
/**
 * GoTrue's answer when a database call fails (NewInternalServerError(message).WithInternalError(err)): an
 * AuthError passes through, anything else becomes 500 unexpected_failure with the handler's own message.
 */
export const databaseError = (err: unknown, message: string): AuthError =>
  err instanceof AuthError ? err : internal(message);
export const oauthError = (error: string, description: string) => new AuthError(400, error, description, 'oauth');
export const weakPassword = (message: string, reasons: string[]) =>
  new AuthError(422, 'weak_password', message, 'weak_password', reasons);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/** DetermineClosestAPIVersion: a date on or after 2024-01-01 selects the 2024-01-01 shapes; anything else the initial ones. */
export function apiVersionOf(req: IncomingMessage): '2024-01-01' | null {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(t)) return null;
  return t >= Date.parse('2024-01-01T00:00:00Z') ? '2024-01-01' : null;
}

/** The body and headers GoTrue's HandleResponseError writes for `err` on this request. */
export function errorResponse(
  req: IncomingMessage,
  err: AuthError,
): { status: number; body: object; headers: Record<string, string> } {
  const version = apiVersionOf(req);
  const headers: Record<string, string> = {};
  if (version) headers[API_VERSION_HEADER] = version;
  if (err.kind === 'oauth') return { status: 400, body: { error: err.code, error_description: err.message }, headers };
  if (err.kind === 'weak_password') {
    const payload = err.reasons.length ? { reasons: err.reasons } : {};
    if (version)
      return { status: 422, body: { code: 'weak_password', message: err.message, weak_password: payload }, headers };
    // Only the legacy branch sets x-sb-error-code for weak passwords (errors.go).
    headers['x-sb-error-code'] = 'weak_password';
    return {
      status: 422,
      body: { code: 422, error_code: 'weak_password', msg: err.message, weak_password: payload },
      headers,
    };
  }
  const code = err.code || (err.status === 500 ? 'unexpected_failure' : 'unknown');
  headers['x-sb-error-code'] = code;
  if (version) return { status: err.status, body: { code, message: err.message }, headers };
  return { status: err.status, body: { code: err.status, error_code: code, msg: err.message }, headers };
}

export function sendError(req: IncomingMessage, res: ServerResponse, err: AuthError): void {
  const { status, body, headers } = errorResponse(req, err);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
