import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  errors as joseErrors,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type KeyObject,
} from 'jose';
import type { StackConfig } from './config.ts';
import { readSigningKeysFile, SigningKeysError, type SigningAlg, type SigningKey } from './signing-keys.ts';

/**
 * Signing and verification shared by every service.
 * User access tokens are signed with the project's signing key: the first key of `[auth] signing_keys_path` that
 * may sign (src/signing-keys.ts), or, without that setting, the stack's own ES256 key (the CLI's default signing key
 * type, kept in the data folder). Every listed key verifies, by `kid` and `alg`; the anon and service_role API keys
 * are the CLI's HS256 demo JWTs and HS256 tokens keep verifying against the legacy secret, as hosted keeps the legacy
 * JWT secret trusted until it is revoked (GOTRUE_JWT_VALID_METHODS / PostgREST's JWKS with the legacy secret).
 * Keys are read when the stack starts; a changed file takes a restart, as with the CLI. See
 * docs/decisions/0037-keys-and-claims.md.
 */
export interface Keys {
  /** Public JWKS as served at /auth/v1/.well-known/jwks.json (public parts only; symmetric keys left out). */
  jwks: { keys: JWK[] };
  /** The kid of the key that signs now ('' when an empty keys file leaves signing to the legacy secret). */
  kid: string;
  /** The algorithm new access tokens are signed with. */
  alg: SigningAlg | 'HS256';
  signAccessToken(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Throws JwtError with a PostgREST-style message on failure. */
  verify(token: string): Promise<JWTPayload>;
  /** The listed (not revoked) key a token's header names, or null: asymmetric tokens must name one. */
  verificationKey(header: { alg?: string; kid?: string }): SigningKey | null;
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

/** The stack's own ES256 key (without `signing_keys_path`), made once per data folder. */
async function loadOrCreateOwnKey(dataDir: string): Promise<SigningKey> {
  const file = path.join(dataDir, 'keys', 'signing-key.json');
  let stored: StoredKey;
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  else {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    stored = { kid: randomUUID(), privateJwk: await exportJWK(privateKey) };
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed into place: a stack killed during its first start must not leave half a key that
    // every later start would fail to read (local-supabase/README.md, "After a crash").
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(stored, null, 2), { mode: 0o600 });
    renameSync(partial, file);
  }
  const privateKey = (await importJWK({ ...stored.privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { d: _d, ...publicPart } = stored.privateJwk;
  const publicJwk: JWK = { ...publicPart, kid: stored.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
  return { kid: stored.kid, alg: 'ES256', publicJwk, publicKey, privateKey, canSign: true };
}

export async function createKeys(config: StackConfig): Promise<Keys> {
  const listed = config.signingKeysPath
    ? await readSigningKeysFile(config.signingKeysPath)
    : [await loadOrCreateOwnKey(config.dataDir)];
  // An empty file leaves GoTrue without asymmetric keys: it signs with the legacy secret (conf ApplyDefaults).
  const signer = listed.find((k) => k.canSign) ?? null;
  if (listed.length > 0 && !signer) {
    // GoTrue's own refusal (internal/conf/jwk.go Validate), with what to change.
    throw new SigningKeysError(
      `failed to decode signing keys: no signing key detected in ${config.signingKeysPath}: ` +
        'list a private key whose key_ops include "sign" (or leave key_ops out)',
    );
  }
  const secret = new TextEncoder().encode(config.jwtSecret);
  const signingKey: { key: CryptoKey | KeyObject | Uint8Array; alg: SigningAlg | 'HS256'; kid: string } = signer
    ? { key: signer.privateKey!, alg: signer.alg, kid: signer.kid }
    : { key: secret, alg: 'HS256', kid: '' };

  const apiKeys = new Map<string, 'anon' | 'service_role'>([
    [config.anonKey, 'anon'],
    [config.serviceRoleKey, 'service_role'],
    [config.publishableKey, 'anon'],
    [config.secretKey, 'service_role'],
  ]);

  function verificationKey(header: { alg?: string; kid?: string }): SigningKey | null {
    // A token without kid is matched on its algorithm alone, as PostgREST tries a JWKS's keys.
    return listed.find((k) => k.alg === header.alg && (header.kid === undefined || k.kid === header.kid)) ?? null;
  }

  return {
    jwks: { keys: listed.map((k) => k.publicJwk) },
    kid: signingKey.kid,
    alg: signingKey.alg,
    async signAccessToken(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader(
          signingKey.kid ? { alg: signingKey.alg, kid: signingKey.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' },
        )
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(signingKey.key);
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
        const key = alg === 'HS256' ? secret : (verificationKey({ alg, kid })?.publicKey ?? null);
        if (!key) throw new JwtError('No suitable key or wrong key type', 'PGRST301');
        const { payload } = await jwtVerify(token, key, { clockTolerance: 30, algorithms: [alg!] });
        return payload;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('JWT expired', 'PGRST303');
        if (err instanceof joseErrors.JWTClaimValidationFailed) throw new JwtError(err.message, 'PGRST303');
        throw new JwtError('JWT cryptographic operation failed', 'PGRST301');
      }
    },
    verificationKey,
    apiKeyRole(key) {
      return apiKeys.get(key) ?? null;
    },
    legacyJwtFor(role) {
      return role === 'anon' ? config.anonKey : config.serviceRoleKey;
    },
  };
}
