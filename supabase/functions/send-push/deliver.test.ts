import assert from 'node:assert/strict';
import { deliver } from './deliver.ts';
import { LOCAL_VAPID, type DuePush } from './push-content.ts';

// A device's keys (RFC 8291 Appendix A's user agent): any valid P-256 key and 16-byte secret will do here.
const KEYS = {
  p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
};
const NOTIFICATION: DuePush = {
  id: 'n1',
  user_id: 'u1',
  kind: 'offer_countered',
  project_id: null,
  title: 'Ada countered your offer on "Brass lamp": $80',
  body: null,
  link: '/good-stuff/1',
  data: null,
  created_at: '2026-12-07T10:00:00Z',
  push_attempts: 1,
  devices: [],
};
const LOCAL_STACK = 'http://127.0.0.1:54321';
const HOSTED = 'https://abc.supabase.co';

/** A push service on a loopback port that records what is posted to it and answers 201, as a push service does. */
async function withPushService(fn: (endpoint: string, posts: string[]) => Promise<void>) {
  const posts: string[] = [];
  const ac = new AbortController();
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, signal: ac.signal, onListen: () => {} }, (req) => {
    posts.push(new URL(req.url).pathname);
    return new Response(null, { status: 201 });
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/push/send/d1`, posts);
  } finally {
    ac.abort();
    await server.finished;
  }
}

Deno.test('a device the database allows, on the local push service from a local stack, is posted to', async () => {
  await withPushService(async (endpoint, posts) => {
    const out = await deliver({ id: 'd1', endpoint, ...KEYS, allowed: true }, NOTIFICATION, LOCAL_VAPID, LOCAL_STACK);
    assert.equal(out, 'delivered');
    assert.deepEqual(posts, ['/push/send/d1']);
  });
});

Deno.test('a stored endpoint the database no longer allows is not posted to, and is gone (deleted)', async () => {
  await withPushService(async (endpoint, posts) => {
    // The installation's setting changed since the device was saved: the claim says allowed = false.
    const out = await deliver({ id: 'd1', endpoint, ...KEYS, allowed: false }, NOTIFICATION, LOCAL_VAPID, LOCAL_STACK);
    assert.equal(out, 'gone');
    assert.deepEqual(posts, []);
  });
});

Deno.test('a loopback endpoint is never posted to from a hosted project, whatever the database says', async () => {
  await withPushService(async (endpoint, posts) => {
    const out = await deliver({ id: 'd1', endpoint, ...KEYS, allowed: true }, NOTIFICATION, LOCAL_VAPID, HOSTED);
    assert.equal(out, 'gone');
    assert.deepEqual(posts, []);
  });
});

Deno.test('an endpoint on a host that is not a browser’s push service is not posted to, and is gone', async () => {
  // An attacker's row from before the rule: nothing is fetched (a fetch to this unresolvable name would fail as an
  // error, not come back 'gone').
  for (const endpoint of [
    'https://attacker.invalid/collect',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
  ]) {
    const out = await deliver({ id: 'd1', endpoint, ...KEYS, allowed: true }, NOTIFICATION, LOCAL_VAPID, HOSTED);
    assert.equal(out, 'gone', endpoint);
  }
});
