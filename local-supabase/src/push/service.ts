import crypto, { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { StackConfig } from '../config.ts';
import { readBody } from '../http.ts';
import {
  b64u,
  decryptPush,
  generateP256,
  PushDecryptError,
  verifyVapid,
  VapidError,
  type P256KeyPair,
} from './web-push.ts';

/**
 * The local push service on :54330 (README, "Push: the local push service"): what a browser vendor's push
 * service (FCM, Mozilla autopush, Apple) is to hosted Supabase, plus the browser's own half. It makes devices
 * (an endpoint with the keys a PushSubscription carries, keeping the private key a browser would keep), takes Web
 * Push requests on their endpoints as RFC 8030 describes (VAPID JWT checked per RFC 8292, body decrypted per RFC
 * 8291), records what arrived and lets tests read it, as the inbox does for mail:
 *
 *   POST   /push/devices                  {applicationServerKey?} → 201 {id, endpoint, expirationTime, keys}
 *   GET    /push/devices/{id}             the device (its subscription and whether it expired)
 *   POST   /push/devices/{id}/expire      from now on its endpoint answers 410 Gone (an unsubscribed browser)
 *   DELETE /push/devices/{id}             gone altogether: 404
 *   POST   /push/send/{id}                a device's endpoint (what send-push posts to)
 *   GET    /push/messages?device={id}     what arrived, newest first, decrypted
 *   DELETE /push/messages                 forgets them
 */

export interface PushDevice {
  id: string;
  endpoint: string;
  keys: P256KeyPair;
  auth: Buffer;
  /** The VAPID public key the subscription was made with (base64url), or null: any sender's. */
  applicationServerKey: string | null;
  expired: boolean;
  createdAt: string;
}

export interface PushMessage {
  id: string;
  device_id: string;
  endpoint: string;
  received_at: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The sender's VAPID public key (base64url). */
  vapid_key: string;
  /** The decrypted payload, and the same parsed when it is JSON (else null). */
  text: string;
  json: unknown;
}

export interface PushService {
  createDevice(opts?: { applicationServerKey?: string | null }): PushDevice;
  device(id: string): PushDevice | undefined;
  expire(id: string): boolean;
  remove(id: string): boolean;
  /** Keeps what arrived on a device's endpoint (newest first, as the inbox lists mail). */
  record(m: PushMessage): void;
  messages(deviceId?: string): PushMessage[];
  clear(): void;
  /** A device's subscription as PushSubscription.toJSON() gives it. */
  subscriptionJson(d: PushDevice): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function createPushService(baseUrl: string): PushService {
  const devices = new Map<string, PushDevice>();
  const received: PushMessage[] = [];
  return {
    createDevice(opts = {}) {
      const id = randomUUID();
      const d: PushDevice = {
        id,
        endpoint: `${baseUrl.replace(/\/$/, '')}/push/send/${id}`,
        keys: generateP256(),
        auth: crypto.randomBytes(16),
        applicationServerKey: opts.applicationServerKey ? b64u.encode(b64u.decode(opts.applicationServerKey)) : null,
        expired: false,
        createdAt: new Date().toISOString(),
      };
      devices.set(id, d);
      return d;
    },
    device: (id) => devices.get(id),
    expire(id) {
      const d = devices.get(id);
      if (d) d.expired = true;
      return !!d;
    },
    remove: (id) => devices.delete(id),
    record: (m) => void received.unshift(m),
    messages: (deviceId) => received.filter((m) => !deviceId || m.device_id === deviceId),
    clear() {
      received.length = 0;
    },
    subscriptionJson: (d) => ({
      endpoint: d.endpoint,
      expirationTime: null,
      keys: { p256dh: b64u.encode(d.keys.publicKey), auth: b64u.encode(d.auth) },
    }),
  };
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    'Content-Length': Buffer.byteLength(text),
    'Access-Control-Allow-Origin': '*',
    ...headers,
  });
  res.end(text);
}

const deviceJson = (push: PushService, d: PushDevice) => ({
  id: d.id,
  ...push.subscriptionJson(d),
  applicationServerKey: d.applicationServerKey,
  expired: d.expired,
  created_at: d.createdAt,
});

/** RFC 8030 §5: a push message request to a device's endpoint. */
async function receive(req: IncomingMessage, res: ServerResponse, push: PushService, d: PushDevice, origin: string) {
  // 4096 bytes is the payload every push service must take (RFC 8030 §7.2); more is 413.
  const body = await readBody(req, 64 * 1024);
  if (d.expired) return send(res, 410, { error: 'This subscription has expired or was unsubscribed.' });
  let vapidKey: string;
  try {
    vapidKey = verifyVapid(req.headers.authorization, origin);
  } catch (err) {
    if (err instanceof VapidError) return send(res, 401, { error: err.message });
    throw err;
  }
  // RFC 8292 §4.2: a subscription restricted to an applicationServerKey takes pushes signed with that key only.
  if (d.applicationServerKey && d.applicationServerKey !== vapidKey) {
    return send(res, 403, { error: 'The VAPID key is not the one this subscription was made with.' });
  }
  const ttl = Number(req.headers.ttl);
  if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
    return send(res, 400, { error: 'A TTL header (seconds) is required.' });
  }
  if (body.length > 4096) return send(res, 413, { error: 'The payload is larger than 4096 bytes.' });
  if (req.headers['content-encoding'] !== 'aes128gcm') {
    return send(res, 415, { error: 'Content-Encoding must be aes128gcm.' });
  }
  let plain: Buffer;
  try {
    plain = decryptPush(body, d.keys, d.auth);
  } catch (err) {
    if (err instanceof PushDecryptError)
      return send(res, 400, { error: `The message does not decrypt: ${err.message}` });
    throw err;
  }
  const text = plain.toString('utf8');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text only.
  }
  const urgency = String(req.headers.urgency ?? 'normal');
  const topic = typeof req.headers.topic === 'string' ? req.headers.topic : null;
  const m: PushMessage = {
    id: randomUUID(),
    device_id: d.id,
    endpoint: d.endpoint,
    received_at: new Date().toISOString(),
    ttl,
    urgency,
    topic,
    vapid_key: vapidKey,
    text,
    json,
  };
  push.record(m);
  send(res, 201, undefined, { Location: `${origin}/push/messages/${m.id}` });
}

async function route(req: IncomingMessage, res: ServerResponse, push: PushService, origin: string): Promise<void> {
  const url = new URL(req.url ?? '/', origin);
  const p = url.pathname;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, DELETE',
      'Access-Control-Allow-Headers': 'content-type',
    });
    res.end();
    return;
  }
  if (p === '/push/devices' && req.method === 'POST') {
    const raw = (await readBody(req, 16 * 1024)).toString('utf8').trim();
    let applicationServerKey: string | null = null;
    if (raw) {
      try {
        const parsed = JSON.parse(raw) as { applicationServerKey?: unknown };
        if (typeof parsed.applicationServerKey === 'string') applicationServerKey = parsed.applicationServerKey;
      } catch {
        return send(res, 400, { error: 'invalid JSON body' });
      }
    }
    if (applicationServerKey !== null && b64u.decode(applicationServerKey).length !== 65) {
      return send(res, 400, { error: 'applicationServerKey must be a 65-byte P-256 public key, base64url' });
    }
    return send(res, 201, deviceJson(push, push.createDevice({ applicationServerKey })));
  }
  const dev = /^\/push\/devices\/([^/]+)(\/expire)?$/.exec(p);
  if (dev) {
    const id = decodeURIComponent(dev[1]!);
    const d = push.device(id);
    if (!d) return send(res, 404, { error: 'No such device' });
    if (dev[2] && req.method === 'POST') {
      push.expire(id);
      return send(res, 204);
    }
    if (!dev[2] && req.method === 'GET') return send(res, 200, deviceJson(push, d));
    if (!dev[2] && req.method === 'DELETE') {
      push.remove(id);
      return send(res, 204);
    }
  }
  const to = /^\/push\/send\/([^/]+)$/.exec(p);
  if (to && req.method === 'POST') {
    const d = push.device(decodeURIComponent(to[1]!));
    if (!d) return send(res, 404, { error: 'No such subscription' });
    return receive(req, res, push, d, origin);
  }
  if (p === '/push/messages' && req.method === 'GET') {
    const all = push.messages(url.searchParams.get('device') ?? undefined);
    return send(res, 200, { total: all.length, messages: all });
  }
  if (p === '/push/messages' && req.method === 'DELETE') {
    push.clear();
    return send(res, 204);
  }
  send(res, 404, { error: 'Not found' });
}

export async function startPushServer(config: StackConfig, push: PushService): Promise<{ close(): Promise<void> }> {
  const origin = config.pushUrl;
  const server = http.createServer((req, res) => {
    route(req, res, push, origin).catch(() => {
      if (!res.headersSent) send(res, 400, { error: 'bad request' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.pushPort, config.host, () => resolve());
  });
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
