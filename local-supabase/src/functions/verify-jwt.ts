import { decodeProtectedHeader } from 'jose';
import type { IncomingHttpHeaders } from 'node:http';
import type { Keys } from '../keys.ts';
import { platformErrors, type PlatformError } from './errors.ts';

/**
 * The platform's `verify_jwt` check, run before a function sees the request (OPTIONS excepted, so
 * functions can answer CORS preflight). As hosted:
 * - `Authorization` must be `Bearer <token>` with a JWT signed by the project: HS256 with the legacy
 *   secret, or ES256/RS256 against the project's JWKS; each failure has its own 401 code;
 * - for migration compatibility the project's publishable/secret keys pass on either header
 *   (supabase-js sends a publishable key only as `apikey` to Functions), see
 *   supabase.com/docs/guides/functions/auth-headers.
 * The gateway already turned `Bearer sb_…` (ours) into the legacy JWT of its role.
 * Returns the error to answer with, or null when the request may go on.
 */
export async function checkJwt(headers: IncomingHttpHeaders, keys: Keys): Promise<PlatformError | null> {
  const authorization = headers.authorization;
  if (!authorization) {
    const apikey = Array.isArray(headers.apikey) ? headers.apikey[0] : headers.apikey;
    return apikey && isProjectApiKey(apikey, keys) ? null : platformErrors.noAuthHeader();
  }
  const [scheme, token, ...rest] = authorization.split(' ');
  if (scheme !== 'Bearer' || !token || rest.length > 0) return platformErrors.notBearer();
  if (isProjectApiKey(token, keys)) return null;

  let alg: string | undefined;
  try {
    ({ alg } = decodeProtectedHeader(token));
    if (token.split('.').length !== 3) throw new Error('not a JWS');
  } catch {
    return platformErrors.malformedJwt();
  }
  if (alg !== 'HS256' && alg !== 'ES256' && alg !== 'RS256') return platformErrors.unsupportedAlgorithm(String(alg));
  try {
    await keys.verify(token);
    return null;
  } catch {
    return alg === 'HS256' ? platformErrors.legacyJwt() : platformErrors.asymmetricJwt();
  }
}

/** New-format project keys (sb_publishable_…, sb_secret_…); legacy JWT keys go through verification. */
function isProjectApiKey(value: string, keys: Keys): boolean {
  return value.startsWith('sb_') && keys.apiKeyRole(value) !== null;
}
