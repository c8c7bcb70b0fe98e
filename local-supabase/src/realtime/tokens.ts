import type { JWTPayload } from 'jose';
import { JwtError, type Keys } from '../keys.ts';

/**
 * Channel token checks with hosted Realtime's outcomes (RealtimeWeb.JwtVerification,
 * ChannelsAuthorization.authorize_conn, RealtimeChannel.confirm_token). The signature itself is checked by
 * the stack's `keys.verify`; what hosted decides before and after it (kid lookup, exact expiry without leeway,
 * required claims) is decided here so the messages match.
 */
export type TokenFailure =
  | { kind: 'malformed' }
  | { kind: 'expired'; secondsAgo: number }
  | { kind: 'missing_claims' }
  | { kind: 'signature' }
  | { kind: 'signer'; kid: string | null };

export type TokenResult =
  { ok: true; claims: JWTPayload & { role: string; exp: number } } | { ok: false; failure: TokenFailure };

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function verifyChannelToken(keys: Keys, rawToken: string): Promise<TokenResult> {
  const token = rawToken.replace(/\s/g, '');
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, failure: { kind: 'malformed' } };
  const header = decodePart(parts[0]!);
  const claims = decodePart(parts[1]!);
  if (!claims) return { ok: false, failure: { kind: 'malformed' } };
  if (!header) return { ok: false, failure: { kind: 'signature' } };
  const alg = typeof header.alg === 'string' ? header.alg : '';
  const kid = typeof header.kid === 'string' ? header.kid : null;
  // Asymmetric tokens need a JWK with their kid among the project's listed keys (a revoked key is no longer
  // listed); HS* falls back to the project secret.
  if (!/^HS(256|384|512)$/.test(alg)) {
    if (!kid || !keys.verificationKey({ alg, kid })) return { ok: false, failure: { kind: 'signer', kid } };
  }
  const exp = claims.exp;
  try {
    await keys.verify(token);
  } catch (err) {
    if (err instanceof JwtError && err.message === 'JWT expired') {
      return { ok: false, failure: { kind: 'expired', secondsAgo: nowSeconds() - Math.round(Number(exp)) } };
    }
    return { ok: false, failure: { kind: 'signature' } };
  }
  // keys.verify allows 30 s of clock skew; hosted allows none.
  if (typeof exp === 'number' && exp <= nowSeconds()) {
    return { ok: false, failure: { kind: 'expired', secondsAgo: nowSeconds() - Math.round(exp) } };
  }
  if (!('role' in claims) || !('exp' in claims)) return { ok: false, failure: { kind: 'missing_claims' } };
  const rounded = { ...claims, exp: Math.round(Number(claims.exp)) } as JWTPayload & { role: string; exp: number };
  if (typeof claims.iat === 'number') rounded.iat = Math.round(claims.iat);
  return { ok: true, claims: rounded };
}

/** The join error reason (`{"reason": …}`), as RealtimeChannel.join logs and returns it. */
export function joinFailureReason(f: TokenFailure): string {
  switch (f.kind) {
    case 'malformed':
      return 'MalformedJWT: The token provided is not a valid JWT';
    case 'expired':
      return `InvalidJWTToken: Token has expired ${f.secondsAgo} seconds ago`;
    case 'missing_claims':
      return 'InvalidJWTToken: Fields `role` and `exp` are required in JWT';
    case 'signature':
      return 'JwtSignatureError: Failed to validate JWT signature';
    case 'signer':
      return `JwtSignerError: ${signerMessage(f.kid)}`;
  }
}

/** The `system` error message pushed before a channel is shut down on a bad refreshed token. */
export function refreshFailureMessage(f: TokenFailure): string {
  switch (f.kind) {
    case 'malformed':
      return 'The token provided is not a valid JWT';
    case 'expired':
      return `Token has expired ${f.secondsAgo} seconds ago`;
    case 'missing_claims':
      return 'Fields `role` and `exp` are required in JWT';
    case 'signature':
      // handle_in("access_token") falls through to `shutdown_response(socket, inspect(error))`.
      return ':signature_error';
    case 'signer':
      return signerMessage(f.kid);
  }
}

function signerMessage(kid: string | null): string {
  return kid === null
    ? 'Failed to generate JWT signer, check your JWT secret or JWKS configuration'
    : `Failed to generate JWT signer for key ID (kid) ${JSON.stringify(kid)}, check your JWT secret or JWKS configuration`;
}
