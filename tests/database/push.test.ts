import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFunction, type ServedFunction } from '@good-space/local-supabase';
import { clientAs, signUserJwt, stackConfig } from '@good-space/local-supabase/testing';
import { actAs, asActor, connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * Push (docs/notifications.md, "The push half"): devices are each person's own rows; the push run claims what is
 * due (push kinds, unread, recent, push on, a device there; messages only after two minutes unread) under row
 * locks; and send-push, served in its Deno worker against this stack, reaches the stack's push service encrypted
 * and signed, deleting devices the push service says are gone. Each test has people and devices of its own.
 */
let c: pg.Client;
let worker: ServedFunction;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  // One push queue for the whole database: runs here must not take another file's rows or race a second run.
  await c.query(`select pg_advisory_lock(hashtext('tests: notification push job'))`);
  worker = serveFunction(stackConfig, {
    name: 'send-push',
    dir: path.join(stackConfig.projectDir, 'supabase', 'functions', 'send-push'),
    secrets: {},
    log: (line) => {
      if (process.env.LOCAL_SUPABASE_TEST_LOGS === '1') console.log(`[send-push] ${line}`);
    },
  });
  await worker.ready;
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await deleteUsers(c, people);
  await c.end();
});

async function person(): Promise<string> {
  const id = await createUser(c, { role: 'customer' });
  people.push(id);
  return id;
}

interface Device {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A device of the stack's push service (what a browser's PushManager.subscribe gives). */
async function device(): Promise<Device> {
  const res = await fetch(`${stackConfig.pushUrl}/push/devices`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as Device;
}

/** Subscribes `userId` as the app does: an insert of the subscription through the API, as that person. */
async function subscribe(userId: string, d: Device): Promise<string> {
  const client = await clientAs(userId);
  const { data, error } = await client
    .from('push_subscriptions')
    .insert({ endpoint: d.endpoint, p256dh: d.keys.p256dh, auth: d.keys.auth, user_agent: 'Test browser' })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

async function notify(
  userId: string,
  kind = 'offer_countered',
  opts: { ageSeconds?: number; title?: string; link?: string } = {},
): Promise<string> {
  const { rows } = await c.query<{ id: string }>(
    `insert into public.notifications (user_id, kind, title, link, created_at)
     values ($1, $2, $3, $4, now() - make_interval(secs => $5)) returning id`,
    [
      userId,
      kind,
      opts.title ?? 'Ada countered your offer on "Brass lamp": $80',
      opts.link ?? '/good-stuff/x',
      opts.ageSeconds ?? 0,
    ],
  );
  return rows[0]!.id;
}

async function claim(batch = 100): Promise<{ id: string; devices: { id: string }[] }[]> {
  const out = await asActor(c, { role: 'service_role' }, 'select * from public.claim_notification_pushes($1)', [batch]);
  expect(out.message).toBeUndefined();
  return out.rows as { id: string; devices: { id: string }[] }[];
}

/** The minute job's call: the secret key in `apikey` (migration 20261207000100_secret_key_jobs.sql). */
async function run(key = stackConfig.secretKey) {
  const port = await worker.ready;
  const res = await fetch(`http://127.0.0.1:${port}/send-push`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, number> };
}

async function received(d: Device) {
  const res = await fetch(`${stackConfig.pushUrl}/push/messages?device=${d.id}`);
  return ((await res.json()) as { messages: { json: Record<string, unknown>; urgency: string; ttl: number }[] })
    .messages;
}

const pushState = async (id: string) =>
  (
    await c.query(
      'select pushed_at is not null as pushed, push_attempts, push_error, push_claimed_until is not null as held from public.notifications where id = $1',
      [id],
    )
  ).rows[0] as { pushed: boolean; push_attempts: number; push_error: string | null; held: boolean };

describe('devices (push_subscriptions)', () => {
  it('a person adds, sees and removes their own devices, and sees nobody else’s', async () => {
    const me = await person();
    const other = await person();
    const mine = await subscribe(me, await device());
    await subscribe(other, await device());
    const client = await clientAs(me);
    const { data } = await client.from('push_subscriptions').select('id, user_id');
    expect(data).toEqual([{ id: mine, user_id: me }]);
    const del = await client.from('push_subscriptions').delete().eq('id', mine).select('id');
    expect(del.data).toEqual([{ id: mine }]);
  });

  it('refuses a device for someone else (42501), a plain-http endpoint and bad keys (23514)', async () => {
    const me = await person();
    const other = await person();
    const d = await device();
    const client = await clientAs(me);
    const forOther = await client
      .from('push_subscriptions')
      .insert({ user_id: other, endpoint: d.endpoint, p256dh: d.keys.p256dh, auth: d.keys.auth });
    expect(forOther.error?.code).toBe('42501');
    const http = await client
      .from('push_subscriptions')
      .insert({ endpoint: 'http://push.example/x', p256dh: d.keys.p256dh, auth: d.keys.auth });
    expect(http.error?.code).toBe('23514');
    const badKey = await client
      .from('push_subscriptions')
      .insert({ endpoint: d.endpoint, p256dh: 'short', auth: d.keys.auth });
    expect(badKey.error?.code).toBe('23514');
  });

  it('a browser’s endpoint belongs to whoever subscribed on it last', async () => {
    const first = await person();
    const second = await person();
    const d = await device();
    await subscribe(first, d);
    await subscribe(second, d);
    const { rows } = await c.query('select user_id from public.push_subscriptions where endpoint = $1', [d.endpoint]);
    expect(rows).toEqual([{ user_id: second }]);
  });

  it('at most 20 devices per person (23514, with a sentence)', async () => {
    const me = await person();
    for (let i = 0; i < 20; i++) {
      await c.query(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`, [
        me,
        `https://fcm.googleapis.com/fcm/send/${me}-${i}`,
        'B'.repeat(87),
        'A'.repeat(22),
      ]);
    }
    const client = await clientAs(me);
    const { error } = await client
      .from('push_subscriptions')
      .insert({
        endpoint: `https://fcm.googleapis.com/fcm/send/${me}-21`,
        p256dh: 'B'.repeat(87),
        auth: 'A'.repeat(22),
      });
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/at most 20 devices/);
  });

  it('per kind, push can be turned off with the same upsert as e-mail, leaving e-mail as it was', async () => {
    const me = await person();
    const client = await clientAs(me);
    const { error } = await client
      .from('notification_preferences')
      .upsert({ user_id: me, kind: 'offer_countered', push: false }, { onConflict: 'user_id,kind' });
    expect(error).toBeNull();
    const { rows } = await c.query('select email, push from public.notification_preferences where user_id = $1', [me]);
    expect(rows).toEqual([{ email: true, push: false }]);
  });

  it('the claim and finish RPCs are the service role’s only', async () => {
    const me = await person();
    const out = await asActor(
      c,
      { role: 'authenticated', sub: me },
      'select * from public.claim_notification_pushes(10)',
    );
    expect(out.code).toBe('42501');
  });
});

/** The installation's setting that allows the local stack's push service (tests/support/global-setup.ts). */
const LOCAL_PUSH_SETTING = 'local_push_service_url';

/**
 * Runs `fn` on the test connection inside a transaction without the local push service's setting, rolled back, so
 * no other test ever sees it missing.
 */
async function withoutLocalPushSetting<T>(fn: () => Promise<T>): Promise<T> {
  await c.query('begin');
  try {
    await c.query('delete from private.settings where name = $1', [LOCAL_PUSH_SETTING]);
    return await fn();
  } finally {
    await c.query('rollback');
  }
}

describe('endpoints: the browsers’ push services only (docs/security.md, "Push endpoints")', () => {
  const P256DH = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
  const AUTH = 'BTBZMqHH6r4Tts7J_aSIgg';
  const count = async (userId: string) =>
    Number(
      (await c.query('select count(*) from public.push_subscriptions where user_id = $1', [userId])).rows[0]!.count,
    );

  it('an attacker with supabase-js cannot save an endpoint elsewhere: other hosts, http, a port, a user name (23514)', async () => {
    const attacker = await person();
    const client = await clientAs(attacker);
    for (const endpoint of [
      'https://collector.example/push/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.collector.example/fcm/send/1',
      'https://collector.example/fcm.googleapis.com/fcm/send/1',
      'https://evilnotify.windows.com/w/?token=1',
      'https://notify.windows.com.collector.example/w/?token=1',
      'https://android.googleapis.com/gcm/send/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://user:secret@fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com@collector.example/fcm/send/1',
      `http://127.0.0.1:1/push/send/1`,
    ]) {
      const { error } = await client.from('push_subscriptions').insert({ endpoint, p256dh: P256DH, auth: AUTH });
      expect(error?.code, endpoint).toBe('23514');
      expect(error?.message, endpoint).toMatch(/^This push service is not supported\./);
      // The app's own call, an upsert on the endpoint, is refused the same way.
      const upsert = await client
        .from('push_subscriptions')
        .upsert({ user_id: attacker, endpoint, p256dh: P256DH, auth: AUTH }, { onConflict: 'endpoint' });
      expect(upsert.error?.code, endpoint).toBe('23514');
    }
    expect(await count(attacker)).toBe(0);
  });

  it('a saved device cannot be moved to another host afterwards', async () => {
    const attacker = await person();
    const client = await clientAs(attacker);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${attacker}`;
    expect((await client.from('push_subscriptions').insert({ endpoint, p256dh: P256DH, auth: AUTH })).error).toBeNull();
    const { error } = await client
      .from('push_subscriptions')
      .update({ endpoint: 'https://collector.example/push/2' })
      .eq('endpoint', endpoint);
    expect(error?.code).toBe('23514');
    const { rows } = await c.query('select endpoint from public.push_subscriptions where user_id = $1', [attacker]);
    expect(rows).toEqual([{ endpoint }]);
  });

  it('each browser’s push service is accepted: Chrome (FCM), Firefox, Safari, Edge (WNS)', async () => {
    const me = await person();
    const client = await clientAs(me);
    const endpoints = [
      `https://fcm.googleapis.com/fcm/send/${me}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${me}`,
      `https://web.push.apple.com/Q${me}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${me}`,
      `https://fcm.googleapis.com:443/fcm/send/${me}-443`,
    ];
    for (const endpoint of endpoints) {
      const { error } = await client.from('push_subscriptions').insert({ endpoint, p256dh: P256DH, auth: AUTH });
      expect(error, endpoint).toBeNull();
    }
    expect(await count(me)).toBe(endpoints.length);
  });

  it('the local push service only where the installation sets it: refused without the setting', async () => {
    const me = await person();
    const d = await device();
    const refused = await withoutLocalPushSetting(async () => {
      await actAs(c, { role: 'authenticated', sub: me });
      return c
        .query('insert into public.push_subscriptions (endpoint, p256dh, auth) values ($1, $2, $3)', [
          d.endpoint,
          d.keys.p256dh,
          d.keys.auth,
        ])
        .then(
          () => null,
          (err: { code?: string; message?: string }) => err,
        );
    });
    expect(refused?.code).toBe('23514');
    expect(refused?.message).toMatch(/^This push service is not supported\./);
    // With it (as `npm start` and the tests' setup write it), the same device is saved.
    await subscribe(me, d);
    expect(await count(me)).toBe(1);
  });
});

describe('what is due for push', () => {
  it('push kinds with a device, unread and recent; not e-mail-only kinds, read ones, old ones, or kinds turned off', async () => {
    const me = await person();
    const bare = await person();
    await subscribe(me, await device());
    const due = await notify(me, 'offer_countered');
    const notPushKind = await notify(me, 'item_added');
    const read = await notify(me, 'offer_received');
    await c.query('update public.notifications set read_at = now() where id = $1', [read]);
    const old = await notify(me, 'offer_accepted', { ageSeconds: 2 * 3600 });
    await c.query(
      `insert into public.notification_preferences (user_id, kind, push) values ($1, 'order_paid', false)`,
      [me],
    );
    const off = await notify(me, 'order_paid');
    const noDevice = await notify(bare, 'offer_countered');
    const ids = (await claim()).map((r) => r.id);
    expect(ids).toContain(due);
    for (const id of [notPushKind, read, old, off, noDevice]) expect(ids).not.toContain(id);
    // Held: a second run at once takes nothing of it.
    expect((await claim()).map((r) => r.id)).not.toContain(due);
    expect(await pushState(due)).toMatchObject({ push_attempts: 1, held: true });
  });

  it('a message only when still unread two minutes after it came', async () => {
    const me = await person();
    await subscribe(me, await device());
    const fresh = await notify(me, 'listing_message', { title: 'Ada sent a message about "Lamp"' });
    const away = await notify(me, 'listing_message', { ageSeconds: 150, title: 'Ada sent a message about "Lamp"' });
    const ids = (await claim()).map((r) => r.id);
    expect(ids).toContain(away);
    expect(ids).not.toContain(fresh);
  });

  it('finish: delivered marks it pushed; gone deletes the device; an error with nothing delivered retries later', async () => {
    const me = await person();
    const a = await subscribe(me, await device());
    const b = await subscribe(me, await device());
    const n1 = await notify(me);
    const n2 = await notify(me);
    await claim();
    const service = { role: 'service_role' } as const;
    expect(
      (await asActor(c, service, `select public.finish_notification_push($1, 'timeout', $2, $3)`, [n1, [a], [b]])).ok,
    ).toBe(true);
    expect(
      (await asActor(c, service, `select public.finish_notification_push($1, 'push service answered 500')`, [n2])).ok,
    ).toBe(true);
    expect(await pushState(n1)).toMatchObject({ pushed: true });
    const { rows } = await c.query(
      'select id, last_used_at is not null as used from public.push_subscriptions where user_id = $1',
      [me],
    );
    expect(rows).toEqual([{ id: a, used: true }]);
    expect(await pushState(n2)).toMatchObject({ pushed: false, held: false, push_error: 'push service answered 500' });
    expect((await claim()).map((r) => r.id)).not.toContain(n2); // not due again yet (a minute's backoff)
  });
});

describe('send-push against the stack’s push service', () => {
  it('refuses anyone but the service role', async () => {
    const me = await person();
    const res = await run(await signUserJwt(me));
    expect(res.status).toBe(403);
  });

  it('a countered offer reaches the device decrypted with its title and link; a gone device is deleted', async () => {
    const me = await person();
    const d = await device();
    const gone = await device();
    await subscribe(me, d);
    const goneId = await subscribe(me, gone);
    await fetch(`${stackConfig.pushUrl}/push/devices/${gone.id}/expire`, { method: 'POST' });
    const id = await notify(me, 'offer_countered', {
      title: 'Ada countered your offer on "Brass lamp": $80',
      link: '/good-stuff/11111111-1111-4111-8111-111111111111',
    });
    const res = await run();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pushed: 1, failed: 0, gone: 1 });
    const messages = await received(d);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      urgency: 'high',
      ttl: 86_400,
      json: {
        id,
        kind: 'offer_countered',
        title: 'Ada countered your offer on "Brass lamp": $80',
        link: '/good-stuff/11111111-1111-4111-8111-111111111111',
        tag: `notification:${id}`,
      },
    });
    expect(await pushState(id)).toMatchObject({ pushed: true, push_error: null });
    const left = await c.query('select id from public.push_subscriptions where user_id = $1', [me]);
    expect(left.rows.map((r: { id: string }) => r.id)).not.toContain(goneId);
    // Pushed once: the next run sends nothing more to the device.
    await run();
    expect(await received(d)).toHaveLength(1);
  });

  it('the minute job posts to send-push, whose run delivers', async () => {
    const job = await c.query(`select schedule, command, active from cron.job where jobname = 'send-push'`);
    expect(job.rows).toEqual([
      { schedule: '* * * * *', command: 'select private.request_notification_pushes()', active: true },
    ]);
    const me = await person();
    const d = await device();
    await subscribe(me, d);
    await notify(me, 'order_paid', { title: 'Olivia bought your "Brass lamp"', link: '/orders/1' });
    const port = await worker.ready;
    // The job's own statement with the settings the local stack reads where hosted reads Vault, put back in the same
    // transaction: the queued request keeps this worker's URL, and no other file's job ever sees it.
    await c.query('begin');
    try {
      const before = await c.query('select name, value from private.settings');
      await c.query(
        `insert into private.settings (name, value) values ('project_url', $1), ('secret_key', $2)
         on conflict (name) do update set value = excluded.value`,
        [`http://127.0.0.1:${port}`, stackConfig.secretKey],
      );
      const { rows } = await c.query<{ id: string | null }>('select private.request_notification_pushes() as id');
      expect(rows[0]!.id).not.toBeNull();
      await c.query(`delete from private.settings where name in ('project_url', 'secret_key')`);
      for (const r of before.rows as { name: string; value: string }[]) {
        await c.query('insert into private.settings (name, value) values ($1, $2) on conflict (name) do nothing', [
          r.name,
          r.value,
        ]);
      }
      await c.query('commit');
    } catch (err) {
      await c.query('rollback');
      throw err;
    }
    await expect
      .poll(async () => (await received(d)).map((m) => m.json.title), { timeout: 20_000 })
      .toEqual(['Olivia bought your "Brass lamp"']);
  });

  it('a stored device the rule does not allow (from before it, or a setting since removed) is not posted to, and is deleted', async () => {
    const me = await person();
    const local = await device();
    const localId = await subscribe(me, local);
    // A row on a host no browser uses, saved while a setting allowed it (as a row from before the rule was): the
    // setting is changed and put back in one transaction, so no other test ever sees it.
    await c.query('begin');
    let oldId: string;
    try {
      await c.query(`update private.settings set value = 'https://collector.invalid' where name = $1`, [
        LOCAL_PUSH_SETTING,
      ]);
      const { rows } = await c.query<{ id: string }>(
        `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4) returning id`,
        [me, `https://collector.invalid/push/${me}`, local.keys.p256dh, local.keys.auth],
      );
      oldId = rows[0]!.id;
      await c.query(`update private.settings set value = $1 where name = $2`, [
        stackConfig.pushUrl,
        LOCAL_PUSH_SETTING,
      ]);
      await c.query('commit');
    } catch (err) {
      await c.query('rollback');
      throw err;
    }
    const id = await notify(me, 'offer_countered');
    // The installation no longer allows its local push service: the setting is gone while the run claims.
    await c.query('delete from private.settings where name = $1', [LOCAL_PUSH_SETTING]);
    try {
      expect((await run()).status).toBe(200);
    } finally {
      await c.query('insert into private.settings (name, value) values ($1, $2) on conflict (name) do nothing', [
        LOCAL_PUSH_SETTING,
        stackConfig.pushUrl,
      ]);
    }
    // Neither was posted to: the local device received nothing, and a post to collector.invalid would have failed
    // (an error and a retry), not come back gone. Both are deleted, and with no device left the push is done.
    expect(await received(local)).toEqual([]);
    const left = await c.query('select id from public.push_subscriptions where id = any($1)', [[localId, oldId]]);
    expect(left.rows).toEqual([]);
    expect(await pushState(id)).toMatchObject({ pushed: true, push_error: null });
  });
});
