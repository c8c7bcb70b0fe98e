import type { ServerResponse } from 'node:http';

/**
 * The errors the hosted Edge Functions platform answers itself, before or instead of the function:
 * `{code, message}` JSON plus an `sb-error-code` header mirroring the code. Statuses and codes are the
 * platform's documented contract (supabase.com/docs/guides/functions/error-codes and status-codes),
 * as recorded against a live project; messages are the ones the platform sends.
 */
export interface PlatformError {
  status: number;
  code: string;
  message: string;
}

export const platformErrors = {
  notFound: (): PlatformError => ({ status: 404, code: 'NOT_FOUND', message: 'Requested function was not found' }),
  noAuthHeader: (): PlatformError => ({
    status: 401,
    code: 'UNAUTHORIZED_NO_AUTH_HEADER',
    message: 'Missing authorization header',
  }),
  notBearer: (): PlatformError => ({
    status: 401,
    code: 'UNAUTHORIZED_INVALID_JWT_FORMAT',
    message: "Auth header is not 'Bearer {token}'",
  }),
  malformedJwt: (): PlatformError => ({ status: 401, code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' }),
  legacyJwt: (): PlatformError => ({ status: 401, code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' }),
  asymmetricJwt: (): PlatformError => ({ status: 401, code: 'UNAUTHORIZED_ASYMMETRIC_JWT', message: 'Invalid JWT' }),
  unsupportedAlgorithm: (alg: string): PlatformError => ({
    status: 401,
    code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM',
    message: `Unsupported JWT algorithm ${alg}`,
  }),
  bootError: (): PlatformError => ({
    status: 503,
    code: 'BOOT_ERROR',
    message: 'Function failed to start (please check logs)',
  }),
  workerError: (): PlatformError => ({
    status: 500,
    code: 'WORKER_ERROR',
    message: 'Function exited due to an error (please check logs)',
  }),
  resourceLimit: (): PlatformError => ({
    status: 546,
    code: 'WORKER_RESOURCE_LIMIT',
    message: 'Function failed due to not having enough compute resources (please check logs)',
  }),
  idleTimeout: (limitMs: number): PlatformError => ({
    status: 504,
    code: 'IDLE_TIMEOUT',
    message: `Request idle timeout limit (${Math.round(limitMs / 1000)}s) reached`,
  }),
} as const;

/** The header hosted adds to 5xx answers that came from the function itself. */
export const FUNCTION_5XX_CODE = 'EDGE_FUNCTION_ERROR';

export function sendPlatformError(res: ServerResponse, err: PlatformError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code: err.code, message: err.message });
  res.writeHead(err.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'sb-error-code': err.code,
  });
  res.end(body);
}
