import assert from 'node:assert/strict';
import {
  type Bytes,
  b64uDecode,
  b64uEncode,
  encryptPush,
  MAX_PLAINTEXT,
  pushRequest,
  vapidAuthorization,
} from './web-push.ts';
import { endpointAllowed, LOCAL_VAPID, pushOptions, pushPayload, vapidSettings, type DuePush } from './push-content.ts';

// RFC 8291 Appendix A: the example's keys, salt and the exact message they give.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** RFC 8291 §3–4 from the device's side, to read what encryptPush wrote with a fresh key and salt. */
async function decrypt(body: Bytes, uaPublic: string, uaPrivate: string, auth: string): Promise<string> {
  const te = new TextEncoder();
  const salt = body.subarray(0, 16);
  const asPublic = body.subarray(21, 86);
  const ua = b64uDecode(uaPublic);
  const priv = await crypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      x: b64uEncode(ua.subarray(1, 33)),
      y: b64uEncode(ua.subarray(33)),
      d: uaPrivate,
    },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  const pub = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const secret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: pub }, priv, 256));
  const hk = async (s: Bytes, ikm: Bytes, info: Bytes, n: number) =>
    new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: 'HKDF', hash: 'SHA-256', salt: s, info },
        await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']),
        n * 8,
      ),
    );
  const info = new Uint8Array([...te.encode('WebPush: info\0'), ...ua, ...asPublic]);
  const ikm = await hk(b64uDecode(auth), secret, info, 32);
  const cek = await hk(salt, ikm, te.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hk(salt, ikm, te.encode('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, body.subarray(86)));
  assert.equal(plain.at(-1), 2, 'ends with the last-record delimiter');
  return new TextDecoder().decode(plain.subarray(0, -1));
}

Deno.test('encryptPush gives RFC 8291’s example message byte for byte', async () => {
  const out = await encryptPush(new TextEncoder().encode(RFC.plaintext), RFC.uaPublic, RFC.auth, {
    salt: b64uDecode(RFC.salt),
    as: { publicKey: b64uDecode(RFC.asPublic), privateKey: b64uDecode(RFC.asPrivate) },
  });
  assert.equal(b64uEncode(out), RFC.message);
});

Deno.test('a fresh key and salt per message, and the device reads it', async () => {
  const text = JSON.stringify({ title: 'Ada countered your offer: $80', link: '/good-stuff/1' });
  const a = await encryptPush(new TextEncoder().encode(text), RFC.uaPublic, RFC.auth);
  const b = await encryptPush(new TextEncoder().encode(text), RFC.uaPublic, RFC.auth);
  assert.notEqual(b64uEncode(a.subarray(0, 16)), b64uEncode(b.subarray(0, 16)), 'salts differ');
  assert.notEqual(b64uEncode(a.subarray(21, 86)), b64uEncode(b.subarray(21, 86)), 'sender keys differ');
  assert.equal(new DataView(a.buffer).getUint32(16), 4096);
  assert.equal(a[20], 65);
  assert.equal(await decrypt(a, RFC.uaPublic, RFC.uaPrivate, RFC.auth), text);
});

Deno.test('refuses a payload over one record and keys of the wrong size', async () => {
  await assert.rejects(() => encryptPush(new Uint8Array(MAX_PLAINTEXT + 1), RFC.uaPublic, RFC.auth), /over 3993/);
  await assert.rejects(() => encryptPush(new Uint8Array(1), RFC.auth, RFC.auth), /p256dh/);
  await assert.rejects(() => encryptPush(new Uint8Array(1), RFC.uaPublic, RFC.salt + 'AA'), /auth/);
});

Deno.test('the VAPID header is an ES256 JWT for the push service’s origin, verifiable with k', async () => {
  const now = Date.UTC(2026, 11, 6, 12);
  const header = await vapidAuthorization('https://push.example.net/wpush/v2/abc?x=1', LOCAL_VAPID, now);
  const m = /^vapid t=([^,]+), k=(\S+)$/.exec(header);
  assert.ok(m, header);
  const [h, p, s] = m[1]!.split('.') as [string, string, string];
  assert.equal(m[2], LOCAL_VAPID.publicKey);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(b64uDecode(h))), { typ: 'JWT', alg: 'ES256' });
  assert.deepEqual(JSON.parse(new TextDecoder().decode(b64uDecode(p))), {
    aud: 'https://push.example.net',
    exp: now / 1000 + 12 * 3600,
    sub: LOCAL_VAPID.subject,
  });
  const k = await crypto.subtle.importKey('raw', b64uDecode(m[2]!), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    k,
    b64uDecode(s),
    new TextEncoder().encode(`${h}.${p}`),
  );
  assert.ok(ok, 'the signature verifies with the public key');
});

Deno.test('a push request carries the encrypted body, TTL, urgency and the vapid scheme', async () => {
  const req = await pushRequest(
    { endpoint: 'https://push.example.net/x', p256dh: RFC.uaPublic, auth: RFC.auth },
    '{"title":"t"}',
    LOCAL_VAPID,
    { ttlSeconds: 60, urgency: 'high' },
  );
  assert.equal(req.headers['Content-Encoding'], 'aes128gcm');
  assert.equal(req.headers.TTL, '60');
  assert.equal(req.headers.Urgency, 'high');
  assert.match(req.headers.Authorization!, /^vapid t=/);
  assert.equal(await decrypt(req.body, RFC.uaPublic, RFC.uaPrivate, RFC.auth), '{"title":"t"}');
});

Deno.test('VAPID keys: the secrets, else the local pair on a local stack only', () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name];
  assert.deepEqual(vapidSettings(env({ SUPABASE_URL: 'http://127.0.0.1:54321' })), LOCAL_VAPID);
  assert.equal(vapidSettings(env({ SUPABASE_URL: 'https://abc.supabase.co' })), null);
  assert.deepEqual(
    vapidSettings(
      env({
        SUPABASE_URL: 'https://abc.supabase.co',
        VAPID_PUBLIC_KEY: 'pub',
        VAPID_PRIVATE_KEY: 'priv',
        VAPID_SUBJECT: 'mailto:a@b.c',
      }),
    ),
    { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:a@b.c' },
  );
});

Deno.test(
  'endpoints: https on the browsers’ push services only; plain http only to loopback from a local stack',
  () => {
    const hosted = 'https://abc.supabase.co';
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ]) {
      assert.ok(endpointAllowed(ok, hosted), ok);
    }
    for (const bad of [
      'https://push.example/x',
      'https://evil.example/fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://evilnotify.windows.com/x',
      'https://android.googleapis.com/gcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:54330/push/send/x',
      'not a url',
    ]) {
      assert.ok(!endpointAllowed(bad, hosted), bad);
    }
    assert.ok(endpointAllowed('http://127.0.0.1:54330/push/send/x', 'http://127.0.0.1:54321'));
    assert.ok(!endpointAllowed('http://169.254.169.254/latest', 'http://127.0.0.1:54321'));
    assert.ok(!endpointAllowed('https://push.example/x', 'http://127.0.0.1:54321'));
  },
);

Deno.test('the payload: title, body, link, and one tag per conversation', () => {
  const base: DuePush = {
    id: 'n1',
    user_id: 'u1',
    kind: 'offer_countered',
    project_id: null,
    title: 'Ada countered your offer on "Brass lamp": $80',
    body: null,
    link: '/good-stuff/p1',
    data: {},
    created_at: '2026-12-06T12:00:00Z',
    push_attempts: 1,
    devices: [],
  };
  assert.deepEqual(pushPayload(base), {
    id: 'n1',
    kind: 'offer_countered',
    title: base.title,
    body: '',
    link: '/good-stuff/p1',
    tag: 'notification:n1',
  });
  assert.equal(
    pushPayload({ ...base, kind: 'listing_message', data: { conversation_id: 'c9' } }).tag,
    'listing_message:c9',
  );
  assert.equal(pushPayload({ ...base, kind: 'message_received', project_id: 'p7' }).tag, 'message_received:p7');
  assert.deepEqual(pushOptions('offer_countered'), { ttlSeconds: 86_400, urgency: 'high' });
  assert.deepEqual(pushOptions('message_received'), { ttlSeconds: 3600, urgency: 'normal' });
});
