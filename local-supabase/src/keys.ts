import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  errors as joseErrors,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { StackConfig } from './config.ts';

/**
 * Signing and verification shared by every service.
 * User access tokens are ES256 with a `kid` (the CLI's default signing key type); the anon and
 * service_role API keys are the CLI's HS256 demo JWTs. Verification accepts both, as hosted does
 * (GOTRUE_JWT_VALID_METHODS / PostgREST's JWKS with the legacy secret).
 */
export interface Keys {
  /** Public JWKS as served at /auth/v1/.well-known/jwks.json (symmetric keys filtered out). */
  jwks: { keys: JWK[] };
  kid: string;
  signAccessToken(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Throws JwtError with a PostgREST-style message on failure. */
  verify(token: string): Promise<JWTPayload>;
  /** Maps an API key (legacy JWT or sb_ key) to its role, or null when it is not one of ours. */
  apiKeyRole(key: string): 'anon' | 'service_role' | null;
  /** The legacy JWT the gateway substitutes for an sb_ key. */
  legacyJwtFor(role: 'anon' | 'service_role'): string;
}

export class JwtError extends Error {
  constructor(
    message: string,
    /** 'PGRST301' decode/signature problems, 'PGRST303' claim problems (expired, audience). */
    readonly code: 'PGRST301' | 'PGRST303',
  ) {
    super(message);
  }
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
}

async function loadOrCreateSigningKey(dataDir: string): Promise<StoredKey> {
  const file = path.join(dataDir, 'keys', 'signing-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const stored: StoredKey = { kid: randomUUID(), privateJwk };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return stored;
}

export async function createKeys(config: StackConfig): Promise<Keys> {
  const stored = await loadOrCreateSigningKey(config.dataDir);
  const privateKey = await importJWK({ ...stored.privateJwk, alg: 'ES256' }, 'ES256');
  const { d: _d, ...publicPart } = stored.privateJwk;
  const publicJwk: JWK = { ...publicPart, kid: stored.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = await importJWK(publicJwk, 'ES256');
  const secret = new TextEncoder().encode(config.jwtSecret);

  const apiKeys = new Map<string, 'anon' | 'service_role'>([
    [config.anonKey, 'anon'],
    [config.serviceRoleKey, 'service_role'],
    [config.publishableKey, 'anon'],
    [config.secretKey, 'service_role'],
  ]);

  return {
    jwks: { keys: [publicJwk] },
    kid: stored.kid,
    async signAccessToken(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'PGRST301');
      let alg: string | undefined;
      let kid: string | undefined;
      try {
        ({ alg, kid } = decodeProtectedHeader(token));
      } catch {
        throw new JwtError('JWT cryptographic operation failed', 'PGRST301');
      }
      try {
        const key = alg === 'HS256' ? secret : alg === 'ES256' && (!kid || kid === stored.kid) ? publicKey : null;
        if (!key) throw new JwtError('No suitable key or wrong key type', 'PGRST301');
        const { payload } = await jwtVerify(token, key, { clockTolerance: 30 });
        return payload;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('JWT expired', 'PGRST303');
        if (err instanceof joseErrors.JWTClaimValidationFailed) throw new JwtError(err.message, 'PGRST303');
        throw new JwtError('JWT cryptographic operation failed', 'PGRST301');
      }
    },
    apiKeyRole(key) {
      return apiKeys.get(key) ?? null;
    },
    legacyJwtFor(role) {
      return role === 'anon' ? config.anonKey : config.serviceRoleKey;
    },
  };
}
