import crypto from 'node:crypto';

/**
 * Web Push as a push service and a device see it: the message encryption of RFC 8291 (aes128gcm, RFC 8188) and
 * the VAPID signature of RFC 8292. The push service (service.ts) decrypts with a device's private key and checks
 * the sender's JWT; `encryptPush` and `vapidAuthorization` are the sender's half, for tests and scripts that push
 * without the send-push function (which has its own WebCrypto implementation: supabase/functions/send-push/).
 */

export const b64u = {
  encode: (b: Uint8Array): string => Buffer.from(b).toString('base64url'),
  decode: (s: string): Buffer => Buffer.from(s.replace(/=+$/, ''), 'base64url'),
};

/** A P-256 key pair: the 65-byte uncompressed public point and the 32-byte private scalar. */
export interface P256KeyPair {
  publicKey: Buffer;
  privateKey: Buffer;
}

export function generateP256(): P256KeyPair {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey(), privateKey: ecdh.getPrivateKey() };
}

function publicKeyObject(raw: Buffer): crypto.KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 public key');
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u.encode(raw.subarray(1, 33)), y: b64u.encode(raw.subarray(33)) },
    format: 'jwk',
  });
}

function privateKeyObject(pair: P256KeyPair): crypto.KeyObject {
  return crypto.createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64u.encode(pair.publicKey.subarray(1, 33)),
      y: b64u.encode(pair.publicKey.subarray(33)),
      d: b64u.encode(pair.privateKey),
    },
    format: 'jwk',
  });
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4: the content-encryption key and nonce from the ECDH secret, the auth secret and both public keys. */
function keys(ecdhSecret: Buffer, authSecret: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  return {
    cek: hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

export class PushDecryptError extends Error {}

/**
 * Decrypts an aes128gcm Web Push body for the device holding `ua` and `authSecret` (RFC 8291 §4). One record
 * only, as RFC 8291 requires (the last-record delimiter 0x02, then zero padding).
 */
export function decryptPush(body: Buffer, ua: P256KeyPair, authSecret: Buffer): Buffer {
  if (body.length < 21 + 65 + 17) throw new PushDecryptError('body too short for an aes128gcm header and record');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new PushDecryptError('keyid must be the sender’s 65-byte public key');
  const asPublic = body.subarray(21, 86);
  const record = body.subarray(86);
  if (rs < 18 || record.length > rs) throw new PushDecryptError('more than one record');
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(ua.privateKey);
  let secret: Buffer;
  try {
    secret = ecdh.computeSecret(asPublic);
  } catch {
    throw new PushDecryptError('keyid is not a P-256 point');
  }
  const { cek, nonce } = keys(secret, authSecret, ua.publicKey, asPublic, salt);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new PushDecryptError('the record does not decrypt (wrong keys or tampered)');
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new PushDecryptError('no last-record delimiter');
  return padded.subarray(0, end);
}

/** The sender's half of RFC 8291: `salt` and `as` are fixed only by tests (the RFC's example). */
export function encryptPush(
  plaintext: Buffer,
  uaPublic: Buffer,
  authSecret: Buffer,
  opts: { salt?: Buffer; as?: P256KeyPair } = {},
): Buffer {
  const salt = opts.salt ?? crypto.randomBytes(16);
  const as = opts.as ?? generateP256();
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(as.privateKey);
  const { cek, nonce } = keys(ecdh.computeSecret(uaPublic), authSecret, uaPublic, as.publicKey, salt);
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  const ct = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, as.publicKey, ct, cipher.getAuthTag()]);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub?: string;
}

export class VapidError extends Error {}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292 §3) for a push to `origin`: an ES256
 * JWT signed by k, `aud` the push service's origin, `exp` in the future and at most 24 hours away, `sub` a
 * mailto: or https: contact. Returns k (base64url), which a subscription made with an applicationServerKey must
 * equal (§4).
 */
export function verifyVapid(header: string | undefined, origin: string, now = Date.now()): string {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!m) throw new VapidError('Authorization must use the vapid scheme');
  const params = Object.fromEntries(
    m[1]!.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()];
    }),
  );
  const t = params.t;
  const k = params.k;
  if (!t || !k) throw new VapidError('vapid needs t and k');
  const parts = t.split('.');
  if (parts.length !== 3) throw new VapidError('t is not a JWT');
  const [h, p, s] = parts as [string, string, string];
  let header_: { alg?: string; typ?: string };
  let claims: Partial<VapidClaims>;
  try {
    header_ = JSON.parse(b64u.decode(h).toString('utf8')) as typeof header_;
    claims = JSON.parse(b64u.decode(p).toString('utf8')) as Partial<VapidClaims>;
  } catch {
    throw new VapidError('t is not a JWT');
  }
  if (header_.alg !== 'ES256') throw new VapidError('the JWT must be ES256');
  let key: crypto.KeyObject;
  try {
    key = publicKeyObject(b64u.decode(k));
  } catch {
    throw new VapidError('k is not a P-256 public key');
  }
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, b64u.decode(s));
  if (!ok) throw new VapidError('the JWT signature does not match k');
  if (claims.aud !== origin) throw new VapidError(`aud must be ${origin}`);
  const nowSeconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new VapidError('the JWT has expired');
  if (claims.exp > nowSeconds + 24 * 3600) throw new VapidError('exp is more than 24 hours away');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new VapidError('sub must be a mailto: or https: contact');
  }
  return b64u.encode(b64u.decode(k));
}

/** The sender's half of RFC 8292: the Authorization header value for a push to `endpoint`. */
export function vapidAuthorization(endpoint: string, vapid: P256KeyPair, subject: string, now = Date.now()): string {
  const enc = (o: unknown) => b64u.encode(Buffer.from(JSON.stringify(o)));
  const unsigned = `${enc({ typ: 'JWT', alg: 'ES256' })}.${enc({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + 12 * 3600,
    sub: subject,
  })}`;
  const sig = crypto.sign('sha256', Buffer.from(unsigned), { key: privateKeyObject(vapid), dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${b64u.encode(sig)}, k=${b64u.encode(vapid.publicKey)}`;
}
