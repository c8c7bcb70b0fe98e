import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createKeys, type Keys } from '../keys.ts';
import { checkJwt } from './verify-jwt.ts';

let keys: Keys;
let dataDir: string;
const config = () => loadConfig({ dataDir });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'fn-jwt-'));
  keys = await createKeys(config());
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const code = async (headers: Record<string, string>) => (await checkJwt(headers, keys))?.code ?? null;

describe('checkJwt', () => {
  it('passes project JWTs and user tokens of both signing kinds', async () => {
    const c = config();
    const hs = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(c.jwtSecret));
    const es = await keys.signAccessToken({ role: 'authenticated', sub: 'u' }, 60);
    for (const token of [c.anonKey, c.serviceRoleKey, hs, es])
      expect(await code({ authorization: `Bearer ${token}` })).toBeNull();
  });

  it('passes the new API keys on either header', async () => {
    const c = config();
    expect(await code({ apikey: c.publishableKey })).toBeNull();
    expect(await code({ apikey: c.secretKey })).toBeNull();
    expect(await code({ authorization: `Bearer ${c.secretKey}` })).toBeNull();
  });

  it('classifies each refusal as the platform does', async () => {
    const c = config();
    expect(await code({})).toBe('UNAUTHORIZED_NO_AUTH_HEADER');
    expect(await code({ apikey: 'sb_publishable_not-ours' })).toBe('UNAUTHORIZED_NO_AUTH_HEADER');
    expect(await code({ authorization: c.anonKey })).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT');
    expect(await code({ authorization: 'bearer x.y.z' })).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT');
    expect(await code({ authorization: 'Bearer ' })).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT');
    expect(await code({ authorization: 'Bearer abc' })).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT');
    expect(await code({ authorization: 'Bearer sb_secret_unknown' })).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT');
    expect(await code({ authorization: `Bearer ${c.anonKey.slice(0, -2)}xx` })).toBe('UNAUTHORIZED_LEGACY_JWT');
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: keys.kid }).sign(privateKey);
    expect(await code({ authorization: `Bearer ${foreign}` })).toBe('UNAUTHORIZED_ASYMMETRIC_JWT');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    const refusal = await checkJwt({ authorization: `Bearer ${none}` }, keys);
    expect(refusal).toEqual({
      status: 401,
      code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM',
      message: 'Unsupported JWT algorithm none',
    });
  });
});
