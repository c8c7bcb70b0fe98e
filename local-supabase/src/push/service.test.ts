import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createPushService, startPushServer, type PushService } from './service.ts';
import { b64u, decryptPush, encryptPush, generateP256, vapidAuthorization, type P256KeyPair } from './web-push.ts';

// RFC 8291 Appendix A.
const RFC = {
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('Web Push crypto', () => {
  it('decrypts RFC 8291’s example message', () => {
    const ua = { publicKey: b64u.decode(RFC.uaPublic), privateKey: b64u.decode(RFC.uaPrivate) };
    const plain = decryptPush(b64u.decode(RFC.message), ua, b64u.decode(RFC.auth));
    expect(plain.toString('utf8')).toBe('When I grow up, I want to be a watermelon');
  });

  it('refuses a tampered message', () => {
    const ua = { publicKey: b64u.decode(RFC.uaPublic), privateKey: b64u.decode(RFC.uaPrivate) };
    const body = b64u.decode(RFC.message);
    body.writeUInt8(body.readUInt8(body.length - 20) ^ 1, body.length - 20);
    expect(() => decryptPush(body, ua, b64u.decode(RFC.auth))).toThrow(/does not decrypt/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('the push service over HTTP', () => {
  let push: PushService;
  let base: string;
  let close: () => Promise<void>;
  const vapid: P256KeyPair = generateP256();
  const subject = 'mailto:test@goodspace.local';

  beforeAll(async () => {
    const config = loadConfig({ pushPort: await freePort(), projectDir: process.cwd() });
    base = config.pushUrl;
    push = createPushService(base);
    close = (await startPushServer(config, push)).close;
  });
  afterAll(() => close());

  async function newDevice(applicationServerKey?: string) {
    const res = await fetch(`${base}/push/devices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(applicationServerKey ? { applicationServerKey } : {}),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  }

  function send(
    d: { endpoint: string; keys: { p256dh: string; auth: string } },
    text: string,
    opts: { key?: P256KeyPair; headers?: Record<string, string> } = {},
  ) {
    const body = encryptPush(Buffer.from(text), b64u.decode(d.keys.p256dh), b64u.decode(d.keys.auth));
    return fetch(d.endpoint, {
      method: 'POST',
      headers: {
        Authorization: vapidAuthorization(d.endpoint, opts.key ?? vapid, subject),
        'Content-Encoding': 'aes128gcm',
        TTL: '60',
        Urgency: 'high',
        ...opts.headers,
      },
      body,
    });
  }

  it('a device receives an encrypted, signed push and the test reads it decrypted', async () => {
    const d = await newDevice(b64u.encode(vapid.publicKey));
    expect(d.keys.p256dh).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(d.keys.auth).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await send(d, JSON.stringify({ title: 'Ada countered your offer', link: '/good-stuff/1' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/\/push\/messages\//);
    const list = (await (await fetch(`${base}/push/messages?device=${d.id}`)).json()) as {
      total: number;
      messages: { json: unknown; ttl: number; urgency: string; vapid_key: string }[];
    };
    expect(list.total).toBe(1);
    expect(list.messages[0]).toMatchObject({
      json: { title: 'Ada countered your offer', link: '/good-stuff/1' },
      ttl: 60,
      urgency: 'high',
      vapid_key: b64u.encode(vapid.publicKey),
    });
  });

  it('refuses a push without a valid VAPID JWT (401) or signed with another key than the subscription’s (403)', async () => {
    const d = await newDevice(b64u.encode(vapid.publicKey));
    expect((await send(d, 'x', { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
    const forged = vapidAuthorization(d.endpoint, vapid, subject).replace(
      /k=\S+$/,
      `k=${b64u.encode(generateP256().publicKey)}`,
    );
    expect((await send(d, 'x', { headers: { Authorization: forged } })).status).toBe(401);
    const wrongAud = vapidAuthorization('https://elsewhere.example/x', vapid, subject);
    expect((await send(d, 'x', { headers: { Authorization: wrongAud } })).status).toBe(401);
    expect((await send(d, 'x', { key: generateP256() })).status).toBe(403);
    expect(push.messages(d.id)).toHaveLength(0);
  });

  it('refuses a body that does not decrypt for the device, and one without TTL', async () => {
    const d = await newDevice();
    const other = await newDevice();
    const res = await send({ endpoint: d.endpoint, keys: other.keys }, 'for someone else');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/does not decrypt/);
    const noTtl = await fetch(d.endpoint, {
      method: 'POST',
      headers: { Authorization: vapidAuthorization(d.endpoint, vapid, subject), 'Content-Encoding': 'aes128gcm' },
      body: encryptPush(Buffer.from('x'), b64u.decode(d.keys.p256dh), b64u.decode(d.keys.auth)),
    });
    expect(noTtl.status).toBe(400);
  });

  it('an expired device answers 410, a removed one 404', async () => {
    const d = await newDevice();
    expect((await fetch(`${base}/push/devices/${d.id}/expire`, { method: 'POST' })).status).toBe(204);
    expect((await send(d, 'late')).status).toBe(410);
    expect((await fetch(`${base}/push/devices/${d.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await send(d, 'later')).status).toBe(404);
  });

  it('forgets the messages on DELETE', async () => {
    const d = await newDevice();
    expect((await send(d, 'one')).status).toBe(201);
    expect((await fetch(`${base}/push/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(((await (await fetch(`${base}/push/messages`)).json()) as { total: number }).total).toBe(0);
  });
});
