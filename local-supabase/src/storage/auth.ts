import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Keys } from '../keys.ts';
import { ERRORS } from './errors.ts';

/**
 * Who is calling. Hosted storage verifies the bearer JWT itself (src/http/plugins/jwt.ts) and, on failure,
 * answers 400 `{"statusCode":"403","error":"Unauthorized","message":<jose's message>}`. Acceptance is
 * decided by the stack's shared `keys.verify`; the refusal text is jose's, as hosted (also jose) says it.
 */
export interface Caller {
  jwt: string;
  payload: JWTPayload & { role?: string };
  role: string;
  /** The JWT's `sub`, recorded as owner_id of what the caller creates. */
  owner: string | undefined;
  authenticated: boolean;
}

const encoder = new TextEncoder();

export interface TokenVerifier {
  /** Verifies a caller's JWT; throws the hosted AccessDenied error. */
  caller(jwt: string): Promise<Caller>;
  /** The anonymous caller of routes that allow an invalid or missing JWT. */
  anonymous(): Caller;
  /** service_role, what hosted calls "superuser" (its RLS-bypassing connection). */
  superUser(): Caller;
  /** Signs a URL token (signed download/upload URLs) with the project secret. */
  signUrlToken(payload: JWTPayload, expiresIn: number): Promise<string>;
  /** Verifies a URL token; throws InvalidJWT with jose's message. */
  verifyUrlToken(token: string): Promise<JWTPayload>;
}

export function createVerifier(keys: Keys, jwtSecret: string, serviceRoleKey: string): TokenVerifier {
  const secret = encoder.encode(jwtSecret);
  // The key hosted's findJWKFromHeader would pick: HS* → the secret; ES*/RS* → the first JWKS key of that key type
  // with the token's kid (or none on either side), else the secret (whose use jose then refuses).
  const keyFor = async (header: { alg?: string; kid?: string }) => {
    const kty = header.alg?.startsWith('ES') ? 'EC' : header.alg?.startsWith('RS') ? 'RSA' : null;
    if (!kty) return secret;
    const jwk = keys.jwks.keys.find((k: JWK) => k.kty === kty && ((!k.kid && !header.kid) || k.kid === header.kid));
    return jwk ? importJWK(jwk, header.alg) : secret;
  };

  /** jose's message for a token that failed, i.e. the message hosted would show. */
  async function joseMessage(token: string): Promise<string> {
    try {
      await jwtVerify(token, (h) => keyFor(h), { algorithms: ['HS256', 'ES256', 'RS256'] });
      return 'JWT could not be verified';
    } catch (e) {
      return (e as Error).message;
    }
  }

  async function strictVerify(token: string): Promise<JWTPayload> {
    const payload = await keys.verify(token);
    // keys.verify allows 30 s of clock skew; hosted storage allows none.
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) throw new Error('expired');
    return payload;
  }

  const servicePayload = decodePayload(serviceRoleKey);

  return {
    async caller(jwt) {
      let payload: JWTPayload;
      try {
        payload = await strictVerify(jwt);
      } catch {
        throw ERRORS.AccessDenied(await joseMessage(jwt));
      }
      const role = typeof payload.role === 'string' && payload.role ? payload.role : 'anon';
      return {
        jwt,
        payload,
        role,
        owner: typeof payload.sub === 'string' ? payload.sub : undefined,
        authenticated: true,
      };
    },
    anonymous() {
      return { jwt: '', payload: { role: 'anon' }, role: 'anon', owner: undefined, authenticated: false };
    },
    superUser() {
      return {
        jwt: serviceRoleKey,
        payload: servicePayload,
        role: 'service_role',
        owner: undefined,
        authenticated: true,
      };
    },
    async signUrlToken(payload, expiresIn) {
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${Math.floor(expiresIn)}s`)
        .sign(secret);
    },
    async verifyUrlToken(token) {
      try {
        decodeProtectedHeader(token);
        const { payload } = await jwtVerify(token, (h) => keyFor(h), { algorithms: ['HS256', 'ES256', 'RS256'] });
        return payload;
      } catch (e) {
        throw ERRORS.InvalidJWT((e as Error).message);
      }
    },
  };
}

function decodePayload(jwt: string): JWTPayload & { role?: string } {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as JWTPayload;
  } catch {
    return { role: 'service_role' };
  }
}
