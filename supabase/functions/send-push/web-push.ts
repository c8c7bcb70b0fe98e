// Web Push for send-push, with WebCrypto only (docs/notifications.md, "The push half"): the message encryption
// of RFC 8291 (aes128gcm content coding, RFC 8188) and the VAPID authorization of RFC 8292. npm:web-push is not
// used: it rests on Node's https agents and ECDH objects, while these ~100 lines are the two RFCs as written,
// checked against RFC 8291's own example (web-push.test.ts) and against the local push service's independent
// decryption (local-supabase/src/push/).

const te = new TextEncoder();

/** Bytes on an ArrayBuffer (WebCrypto's BufferSource takes no SharedArrayBuffer view). */
export type Bytes = Uint8Array<ArrayBuffer>;

export function b64uEncode(bytes: Bytes): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function b64uDecode(s: string): Bytes {
  const b64 = s.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function concat(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** HKDF-SHA-256 (extract and expand) to `bytes` bytes. */
async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** A P-256 key pair as raw bytes: the 65-byte uncompressed public point and the 32-byte private scalar. */
export interface RawKeyPair {
  publicKey: Bytes;
  privateKey: Bytes;
}

function jwk(pair: RawKeyPair): JsonWebKey {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: b64uEncode(pair.publicKey.subarray(1, 33)),
    y: b64uEncode(pair.publicKey.subarray(33, 65)),
    d: b64uEncode(pair.privateKey),
    ext: true,
  };
}

async function generateEcdh(): Promise<{ pair: CryptoKeyPair; publicRaw: Bytes }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  return { pair, publicRaw: new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)) };
}

/** The record size announced in the header: one record holds the whole message (RFC 8291 §4). */
const RECORD_SIZE = 4096;
/** What fits in one record of a 4096-byte message: header (86), delimiter (1) and tag (16) leave 3993. */
export const MAX_PLAINTEXT = 4096 - 86 - 1 - 16;

/**
 * Encrypts `plaintext` for the device whose PushSubscription keys are `p256dh` and `auth` (base64url), as RFC
 * 8291 §3–4: a fresh ECDH key pair and salt per message, unless a test fixes them (RFC 8291 Appendix A).
 */
export async function encryptPush(
  plaintext: Bytes,
  p256dh: string,
  auth: string,
  fixed: { salt: Bytes; as: RawKeyPair } | null = null,
): Promise<Bytes> {
  if (plaintext.length > MAX_PLAINTEXT) throw new Error(`push payload over ${MAX_PLAINTEXT} bytes`);
  const uaPublic = b64uDecode(p256dh);
  const authSecret = b64uDecode(auth);
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 key');
  if (authSecret.length !== 16) throw new Error('auth is not 16 bytes');
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  let asPrivate: CryptoKey;
  let asPublic: Bytes;
  if (fixed) {
    asPrivate = await crypto.subtle.importKey('jwk', jwk(fixed.as), { name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ]);
    asPublic = fixed.as.publicKey;
  } else {
    const generated = await generateEcdh();
    asPrivate = generated.pair.privateKey;
    asPublic = generated.publicRaw;
  }
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, asPrivate, 256));
  const ikm = await hkdf(authSecret, ecdhSecret, concat(te.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const cek = await hkdf(salt, ikm, te.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, te.encode('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  // One record: the plaintext, then the last-record delimiter 0x02 and no padding.
  const record = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, concat(plaintext, new Uint8Array([2]))),
  );
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, record);
}

/** The application server's VAPID identity (RFC 8292): its key pair and a contact (mailto: or https:). */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` for a push to `endpoint` (RFC 8292 §2–3): an ES256 JWT whose
 * `aud` is the push service's origin, valid for 12 hours (at most 24 are allowed).
 */
export async function vapidAuthorization(endpoint: string, vapid: Vapid, now = Date.now()): Promise<string> {
  const publicKey = b64uDecode(vapid.publicKey);
  const key = await crypto.subtle.importKey(
    'jwk',
    jwk({ publicKey, privateKey: b64uDecode(vapid.privateKey) }),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const enc = (o: unknown) => b64uEncode(te.encode(JSON.stringify(o)));
  const unsigned = `${enc({ typ: 'JWT', alg: 'ES256' })}.${enc({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + 12 * 3600,
    sub: vapid.subject,
  })}`;
  // WebCrypto's ECDSA signature is r || s, the form JWS ES256 wants (RFC 7518 §3.4).
  const sig = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, te.encode(unsigned)));
  return `vapid t=${unsigned}.${b64uEncode(sig)}, k=${b64uEncode(publicKey)}`;
}

export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: Bytes;
}

/** One Web Push request (RFC 8030 §5): encrypted body, VAPID authorization, TTL and urgency. */
export async function pushRequest(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  vapid: Vapid,
  opts: { ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high'; topic?: string },
): Promise<PushRequest> {
  const body = await encryptPush(te.encode(payload), device.p256dh, device.auth);
  return {
    url: device.endpoint,
    body,
    headers: {
      Authorization: await vapidAuthorization(device.endpoint, vapid),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      TTL: String(opts.ttlSeconds),
      Urgency: opts.urgency,
      ...(opts.topic ? { Topic: opts.topic } : {}),
    },
  };
}
