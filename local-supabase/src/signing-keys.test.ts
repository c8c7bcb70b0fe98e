import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createKeys, JwtError } from './keys.ts';
import { parseSigningKeys } from './signing-keys.ts';

// The signing keys file's reading and the Keys built from it (docs/decisions/0037-keys-and-claims.md); the
// stack-wide behaviour (every service, restarts) is in tests/conformance/signing-keys.test.ts.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'signing-keys-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function key(alg: 'ES256' | 'RS256', extra: Partial<JWK> = {}): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg, ...extra };
}

async function keysFor(list: unknown) {
  const file = path.join(dir, `${crypto.randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(list));
  return createKeys(loadConfig({ projectDir: dir, dataDir: path.join(dir, 'data'), signingKeysPath: file }, {}));
}

describe('which key signs', () => {
  it('is the first listed key that may sign; keys marked verify-only never do', async () => {
    const [a, b] = [await key('ES256', { key_ops: ['verify'] }), await key('RS256')];
    const keys = await keysFor([a, b]);
    expect(keys.kid).toBe(b.kid);
    expect(keys.alg).toBe('RS256');
    const token = await keys.signAccessToken({ sub: 'u', role: 'authenticated' }, 60);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      kid: b.kid,
      typ: 'JWT',
    });
  });

  it("infers ES256 or RS256 from the key type when alg is left out (the docs' import example has none)", async () => {
    const { alg: _alg, ...noAlg } = await key('ES256');
    const [parsed] = await parseSigningKeys([noAlg]);
    expect(parsed!.alg).toBe('ES256');
    expect(parsed!.publicJwk).toMatchObject({ alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(parsed!.publicJwk).not.toHaveProperty('d');
  });

  it('is the legacy secret (HS256, no kid) when the file lists no key, as GoTrue does with no JWT keys', async () => {
    const keys = await keysFor([]);
    expect(keys.jwks.keys).toEqual([]);
    expect(keys.alg).toBe('HS256');
    const token = await keys.signAccessToken({ role: 'authenticated' }, 60);
    await expect(
      jwtVerify(token, new TextEncoder().encode(loadConfig({ projectDir: dir }, {}).jwtSecret)),
    ).resolves.toBeTruthy();
  });
});

describe('verification', () => {
  it('takes every listed key by kid and alg, refuses unknown kids and an alg that does not match the key', async () => {
    const [a, b] = [await key('RS256'), await key('ES256')];
    const keys = await keysFor([a, b]);
    const bPriv = await importJWK(b, 'ES256');
    const byB = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: b.kid })
      .setExpirationTime('1h')
      .sign(bPriv);
    await expect(keys.verify(byB)).resolves.toMatchObject({ role: 'authenticated' });
    const unknownKid = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: 'gone' })
      .setExpirationTime('1h')
      .sign(bPriv);
    await expect(keys.verify(unknownKid)).rejects.toEqual(
      new JwtError('No suitable key or wrong key type', 'PGRST301'),
    );
    expect(keys.verificationKey({ alg: 'RS256', kid: b.kid })).toBeNull();
    expect(keys.verificationKey({ alg: 'RS256', kid: a.kid })?.kid).toBe(a.kid);
  });

  it('keeps the legacy HS256 secret', async () => {
    const keys = await keysFor([await key('ES256')]);
    const hs = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(loadConfig({ projectDir: dir }, {}).jwtSecret));
    await expect(keys.verify(hs)).resolves.toMatchObject({ role: 'anon' });
  });
});

describe('without signing_keys_path', () => {
  it("keeps the stack's own ES256 key in the data folder, the same across restarts", async () => {
    const config = loadConfig({ projectDir: dir, dataDir: path.join(dir, 'own'), signingKeysPath: null }, {});
    const first = await createKeys(config);
    const again = await createKeys(config);
    expect(first.alg).toBe('ES256');
    expect(again.kid).toBe(first.kid);
    expect(again.jwks).toEqual(first.jwks);
    const token = await first.signAccessToken({ role: 'authenticated' }, 60);
    await expect(again.verify(token)).resolves.toMatchObject({ role: 'authenticated' });
  });
});

describe('a file the CLI would not load', () => {
  it.each([
    [{ not: 'an array' }, 'failed to decode signing keys: expected a JSON array of JWKs'],
    [
      [{ kty: 'oct', k: 'c2VjcmV0', kid: 'x' }],
      'failed to decode signing keys: key 0: unsupported key type "oct" (EC P-256 or RSA)',
    ],
    [
      [{ kty: 'EC', crv: 'P-256', alg: 'ES512', kid: 'x' }],
      'failed to decode signing keys: key 0: alg must be one of [RS256 ES256]',
    ],
  ])('refuses %j', async (list, message) => {
    await expect(parseSigningKeys(list)).rejects.toThrow(message);
  });

  it('refuses a kid listed twice and a key whose numbers are not a key', async () => {
    const a = await key('ES256');
    await expect(parseSigningKeys([a, a])).rejects.toThrow(`kid ${a.kid} is listed twice`);
    await expect(parseSigningKeys([{ ...a, x: 'AAAA' }])).rejects.toThrow(
      /^failed to decode signing keys: key 0 \(kid /,
    );
  });
});
