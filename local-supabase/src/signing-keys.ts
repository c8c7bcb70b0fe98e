import { readFileSync } from 'node:fs';
import { importJWK, type CryptoKey, type JWK, type KeyObject } from 'jose';

/**
 * The project's JWT signing keys file (`[auth] signing_keys_path`), read as the Supabase CLI reads it
 * (supabase/cli pkg/config/config.go: path joined to the `supabase/` folder when relative, read once when the
 * config loads; pkg/config/auth.go `JWK`; internal/gen/signingkeys writes it): a JSON array of private JWKs,
 * ES256 (EC P-256) or RS256 (RSA). GoTrue publishes each key's public part with `use: "sig"` and
 * `key_ops: ["verify"]` (supabase/auth internal/conf/jwk.go, internal/api/jwks.go).
 *
 * Which key signs: the first listed key that may sign (its `key_ops` absent or containing "sign"). Keys after it,
 * and keys whose `key_ops` leave "sign" out, only verify: hosted's "standby" and "previously used" states. A key
 * taken out of the file is "revoked": nothing accepts its tokens any more. See docs/decisions/0037-keys-and-claims.md.
 */
export type SigningAlg = 'ES256' | 'RS256';

export interface SigningKey {
  kid: string;
  alg: SigningAlg;
  /** Public part, as published in the JWKS. */
  publicJwk: JWK;
  publicKey: CryptoKey | KeyObject;
  /** Null for a key listed without its private part (it can verify, never sign). */
  privateKey: CryptoKey | KeyObject | null;
  canSign: boolean;
}

export class SigningKeysError extends Error {}

/** Members of a JWK that are private (RFC 7518 §6.2.2, §6.3.2, §6.4): never published. */
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);
const ALGS: readonly SigningAlg[] = ['RS256', 'ES256'];

/** The keys in a signing keys file, in file order. Throws SigningKeysError with the CLI's wording. */
export async function readSigningKeysFile(file: string): Promise<SigningKey[]> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file or directory' : (err as Error).message;
    throw new SigningKeysError(`failed to read signing keys: open ${file}: ${reason}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new SigningKeysError(`failed to decode signing keys: failed to parse response body: ${(err as Error).message}`);
  }
  return parseSigningKeys(parsed);
}

export async function parseSigningKeys(parsed: unknown): Promise<SigningKey[]> {
  const fail = (why: string) => new SigningKeysError(`failed to decode signing keys: ${why}`);
  if (!Array.isArray(parsed)) throw fail('expected a JSON array of JWKs');
  const keys: SigningKey[] = [];
  for (const [i, raw] of parsed.entries()) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw fail(`key ${i}: expected a JWK object`);
    const jwk = raw as JWK & Record<string, unknown>;
    const alg = algorithmOf(jwk);
    if (!alg) {
      throw fail(
        typeof jwk.alg === 'string'
          ? `key ${i}: alg must be one of [RS256 ES256]`
          : `key ${i}: unsupported key type ${JSON.stringify(jwk.kty)} (EC P-256 or RSA)`,
      );
    }
    if (typeof jwk.kid !== 'string' || !jwk.kid) throw fail(`key ${i}: missing kid (tokens name their key by it)`);
    if (keys.some((k) => k.kid === jwk.kid)) throw fail(`key ${i}: kid ${jwk.kid} is listed twice`);
    // Every member but the private ones, as jwx's PublicKeyOf keeps them, then GoTrue's use and key_ops.
    const publicJwk = {
      ...Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.has(name))),
      alg,
      use: 'sig',
      key_ops: ['verify'],
    } as JWK;
    const ops = Array.isArray(jwk.key_ops) ? jwk.key_ops : null;
    const hasPrivate = typeof jwk.d === 'string';
    let publicKey: CryptoKey | KeyObject;
    let privateKey: CryptoKey | KeyObject | null = null;
    try {
      publicKey = (await importJWK(publicJwk, alg)) as CryptoKey | KeyObject;
      if (hasPrivate) {
        const { key_ops: _ops, use: _use, ext: _ext, ...priv } = jwk;
        privateKey = (await importJWK({ ...priv, alg }, alg)) as CryptoKey | KeyObject;
      }
    } catch (err) {
      throw fail(`key ${i} (kid ${jwk.kid}): ${(err as Error).message}`);
    }
    keys.push({
      kid: jwk.kid,
      alg,
      publicJwk,
      publicKey,
      privateKey,
      canSign: hasPrivate && (ops === null || ops.includes('sign')),
    });
  }
  return keys;
}

/** The JWK's algorithm: `alg` when given (RS256 or ES256 only, as the CLI's decoder allows), else from its type. */
function algorithmOf(jwk: JWK): SigningAlg | null {
  if (typeof jwk.alg === 'string') return (ALGS as readonly string[]).includes(jwk.alg) ? (jwk.alg as SigningAlg) : null;
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'RSA') return 'RS256';
  return null;
}
