import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  realtimeClient,
  realtimeClientAs,
  signUserJwt,
  sql,
  stackConfig,
  waitFor,
} from '../../src/testing/index.ts';
import { RawSocket, wsUrl } from './realtime-support.ts';

// Broadcast and private channels as hosted Realtime serves them (supabase.com/docs/guides/realtime/broadcast,
// /authorization; RealtimeChannel, BroadcastHandler, Tenants.Authorization): a private join is authorized by the
// select policy on realtime.messages with realtime.topic() = the topic; sending needs the insert policy;
// realtime.send() rows reach the topic's channels of the same privacy.

const alice = randomUUID();
const bob = randomUUID();
const eve = randomUUID();
const clients: SupabaseClient[] = [];
const POLICIES = ['rt bc read', 'rt bc write', 'rt bc own topic'];

/** A client acting as `sub` in every Realtime join and HTTP broadcast (anonymous without one). */
async function clientFor(sub?: string): Promise<SupabaseClient> {
  const c = sub ? await realtimeClientAs(await signUserJwt(sub)) : realtimeClient();
  clients.push(c);
  return c;
}

interface Joined {
  channel: RealtimeChannel;
  received: { event: string; payload: Record<string, unknown>; meta?: unknown }[];
}

/** Joins through supabase-js; resolves with the channel once SUBSCRIBED, or throws the server's reason. */
async function join(
  client: SupabaseClient,
  topic: string,
  config: { private?: boolean; broadcast?: { self?: boolean; ack?: boolean } } = {},
): Promise<Joined> {
  const received: Joined['received'] = [];
  const channel = client
    .channel(topic, { config })
    .on('broadcast', { event: '*' }, (m) =>
      received.push({ event: m.event, payload: m.payload as Record<string, unknown>, meta: m.meta }),
    );
  let status = '';
  let error: Error | undefined;
  // The first answer counts: after a refusal realtime-js reports CLOSED as well.
  channel.subscribe((s, err) => {
    if (status !== '') return;
    status = s;
    error = err;
  });
  await waitFor(() => status !== '', `channel ${topic} to answer its join`);
  if (status !== 'SUBSCRIBED') {
    await client.removeChannel(channel);
    throw new Error(error?.message ?? status);
  }
  return { channel, received };
}

beforeAll(async () => {
  // Throwaway policies on this file's topics only (migrations may add their own for the app's topics).
  await sql(`
    drop policy if exists "rt bc read" on realtime.messages;
    drop policy if exists "rt bc write" on realtime.messages;
    drop policy if exists "rt bc own topic" on realtime.messages;
    create policy "rt bc read" on realtime.messages for select to authenticated
      using (realtime.topic() like 'rt-bc-room:%' and realtime.messages.extension in ('broadcast', 'presence'));
    create policy "rt bc write" on realtime.messages for insert to authenticated
      with check (realtime.topic() like 'rt-bc-room:%' and auth.uid() <> '${eve}'::uuid);
    create policy "rt bc own topic" on realtime.messages for select to authenticated
      using (realtime.topic() = 'rt-bc-user:' || auth.uid()::text);
  `);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await sql(POLICIES.map((p) => `drop policy if exists "${p}" on realtime.messages;`).join('\n'));
});

describe('realtime schema', () => {
  it("has hosted's realtime.messages, realtime.topic() and realtime.send() before migrations run", async () => {
    const cols = await sql<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
        where table_schema = 'realtime' and table_name = 'messages' order by ordinal_position`,
    );
    expect(Object.fromEntries(cols.map((c) => [c.column_name, c.data_type]))).toMatchObject({
      id: 'uuid',
      topic: 'text',
      extension: 'text',
      payload: 'jsonb',
      event: 'text',
      private: 'boolean',
      updated_at: 'timestamp without time zone',
      inserted_at: 'timestamp without time zone',
    });
    const [table] = await sql<{ rls: boolean; owner: string }>(
      `select relrowsecurity as rls, pg_get_userbyid(relowner)::text as owner from pg_class where oid = 'realtime.messages'::regclass`,
    );
    expect(table).toEqual({ rls: true, owner: 'supabase_realtime_admin' });
    const grants = await sql<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.role_table_grants
        where table_schema = 'realtime' and table_name = 'messages' and grantee in ('anon', 'authenticated')
        order by grantee, privilege_type`,
    );
    expect(grants.map((g) => `${g.grantee} ${g.privilege_type}`)).toEqual([
      'anon INSERT',
      'anon SELECT',
      'anon UPDATE',
      'authenticated INSERT',
      'authenticated SELECT',
      'authenticated UPDATE',
    ]);
    const [send] = await sql<{ args: string }>(
      `select pg_get_function_arguments('realtime.send(jsonb, text, text, boolean)'::regprocedure) as args`,
    );
    expect(send!.args).toBe('payload jsonb, event text, topic text, private boolean DEFAULT true');
    const [topic] = await sql<{ t: string | null }>(
      `select set_config('realtime.topic', 'x:1', false), realtime.topic() as t`,
    );
    expect(topic!.t).toBe('x:1');
  });

  it('keeps realtime.messages out of postgres_changes (its rows travel as broadcasts)', async () => {
    const rows = await sql(
      `select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'realtime'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('private channels', () => {
  it("refuses a join no select policy allows, with hosted's reason", async () => {
    const c = await clientFor(alice);
    await expect(join(c, 'rt-bc-closed:1', { private: true })).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: rt-bc-closed:1',
    );
    // Anonymous visitors have no policy at all.
    await expect(join(await clientFor(), 'rt-bc-room:1', { private: true })).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: rt-bc-room:1',
    );
  });

  it("admits a join the select policy allows, evaluated with the user's claims and the topic", async () => {
    const c = await clientFor(alice);
    await join(c, 'rt-bc-room:open', { private: true });
    await join(c, `rt-bc-user:${alice}`, { private: true });
    await expect(join(c, `rt-bc-user:${bob}`, { private: true })).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: rt-bc-user:${bob}`,
    );
  });

  it('closes a private channel when a refreshed token may no longer read it', async () => {
    const sub = `rt-bc-user:${alice}`;
    const topic = `realtime:${sub}`;
    const sock = await RawSocket.open(wsUrl(stackConfig.apiUrl, { apikey: stackConfig.anonKey }));
    try {
      sock.send(['1', '1', topic, 'phx_join', { config: { private: true }, access_token: await signUserJwt(alice) }]);
      expect((await sock.expect(topic, 'phx_reply', '1'))[4].status).toBe('ok');
      sock.send(['1', '2', topic, 'access_token', { access_token: await signUserJwt(bob) }]);
      expect((await sock.expect(topic, 'system'))[4]).toEqual({
        channel: sub,
        extension: 'system',
        message: `You no longer have permission to read from this Channel topic: ${sub}`,
        status: 'error',
      });
      await sock.expect(topic, 'phx_close');
    } finally {
      sock.close();
    }
  });

  it('leaves nothing in realtime.messages after authorization checks', async () => {
    const [row] = await sql<{ n: string }>(
      `select count(*) as n from realtime.messages where topic like 'rt-bc-%' and event is null`,
    );
    expect(Number(row!.n)).toBe(0);
  });
});

describe('broadcast between clients', () => {
  it('delivers to the others and, with self, to the sender; ack answers ok', async () => {
    const topic = 'rt-bc-room:chat';
    const a = await join(await clientFor(alice), topic, {
      private: true,
      broadcast: { self: true, ack: true },
    });
    const b = await join(await clientFor(bob), topic, { private: true, broadcast: { self: false } });
    expect(
      await a.channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: alice, typing: true } }),
    ).toBe('ok');
    await waitFor(() => a.received.length === 1 && b.received.length === 1, 'both to receive the broadcast');
    expect(b.received[0]).toEqual({ event: 'typing', payload: { user_id: alice, typing: true }, meta: undefined });
    expect(a.received[0]!.payload).toEqual({ user_id: alice, typing: true });

    // Without self the sender does not hear itself: bob's own message reaches only alice.
    await b.channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: bob, typing: false } });
    await waitFor(() => a.received.length === 2, 'alice to receive bob');
    await a.channel.send({ type: 'broadcast', event: 'typing', payload: { user_id: alice, typing: false } });
    await waitFor(() => b.received.length === 2, "bob to receive alice's second message");
    expect(b.received.map((m) => m.payload.user_id)).toEqual([alice, alice]);
  });

  it('keeps public and private channels of one topic apart', async () => {
    const topic = 'rt-bc-room:split';
    const priv = await join(await clientFor(alice), topic, { private: true });
    const pub = await join(await clientFor(bob), topic, { broadcast: { ack: true } });
    const sender = await join(await clientFor(bob), topic, { broadcast: { ack: true } });
    expect(await sender.channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await waitFor(() => pub.received.length === 1, 'the public member to receive');
    await sql(`select realtime.send('{"n": 2}'::jsonb, 'ping', $1, true)`, [topic]);
    await waitFor(() => priv.received.length === 1, 'the private member to receive');
    expect(priv.received[0]!.payload.n).toBe(2);
  });

  it('drops a send on a private channel without an insert policy (no ack: the sender times out)', async () => {
    const topic = 'rt-bc-room:guarded';
    const receiver = await join(await clientFor(alice), topic, { private: true });
    const blocked = await join(await clientFor(eve), topic, { private: true, broadcast: { ack: true } });
    expect(
      await blocked.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'eve' } }, { timeout: 1500 }),
    ).toBe('timed out');
    const allowed = await join(await clientFor(bob), topic, { private: true, broadcast: { ack: true } });
    expect(await allowed.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'bob' } })).toBe('ok');
    await waitFor(() => receiver.received.length >= 1, "bob's note to arrive");
    expect(receiver.received.map((m) => m.payload.from)).toEqual(['bob']);
  });

  it('answers nothing to a broadcast without ack, and ok with ack (raw frames)', async () => {
    const sock = await RawSocket.open(wsUrl(stackConfig.apiUrl, { apikey: stackConfig.anonKey }));
    try {
      sock.send(['1', '1', 'realtime:rt-bc-raw', 'phx_join', { config: { broadcast: { self: true, ack: false } } }]);
      await sock.expect('realtime:rt-bc-raw', 'phx_reply', '1');
      sock.send([
        '1',
        '2',
        'realtime:rt-bc-raw',
        'broadcast',
        { type: 'broadcast', event: 'e', payload: { b: 1, a: 2 } },
      ]);
      // With self the sender receives it, keys in Jason's order, without join_ref or ref.
      await sock.expect('realtime:rt-bc-raw', 'broadcast');
      expect(sock.raw.find((r) => r.startsWith('[null,null,"realtime:rt-bc-raw","broadcast"'))).toBe(
        '[null,null,"realtime:rt-bc-raw","broadcast",{"event":"e","payload":{"a":2,"b":1},"type":"broadcast"}]',
      );
      sock.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
      await sock.expect('phoenix', 'phx_reply', 'hb');
      expect(sock.frames.some((f) => Array.isArray(f) && f[1] === '2')).toBe(false);
    } finally {
      sock.close();
    }
  });
});

describe('broadcast from the database', () => {
  it('realtime.send reaches a joined private channel of the topic and not a public one', async () => {
    const topic = `rt-bc-room:db-${randomUUID()}`;
    const priv = await join(await clientFor(alice), topic, { private: true });
    const pub = await join(await clientFor(bob), topic);
    await sql(`select realtime.send('{"text": "for members"}'::jsonb, 'notice', $1)`, [topic]);
    await waitFor(() => priv.received.length === 1, 'the private channel to receive');
    const m = priv.received[0]!;
    expect(m.event).toBe('notice');
    // Hosted adds the message id to the payload and sends it as meta.
    expect(m.payload).toEqual({ text: 'for members', id: expect.any(String) });
    expect(m.meta).toEqual({ id: m.payload.id });
    const [stored] = await sql<{ extension: string; private: boolean }>(
      'select extension, private from realtime.messages where id = $1',
      [m.payload.id],
    );
    expect(stored).toEqual({ extension: 'broadcast', private: true });

    // A public send reaches the public channel only; a later private one proves the private did not get it.
    await sql(`select realtime.send('{"text": "for everyone"}'::jsonb, 'notice', $1, false)`, [topic]);
    await waitFor(() => pub.received.length === 1, 'the public channel to receive');
    await sql(`select realtime.send('{"text": "again"}'::jsonb, 'notice', $1)`, [topic]);
    await waitFor(() => priv.received.length === 2, 'the second private message');
    expect(priv.received.map((x) => x.payload.text)).toEqual(['for members', 'again']);
    expect(pub.received.map((x) => x.payload.text)).toEqual(['for everyone']);
  });

  it('sends nothing for a rolled-back realtime.send', async () => {
    const topic = `rt-bc-room:tx-${randomUUID()}`;
    const priv = await join(await clientFor(alice), topic, { private: true });
    await sql(`
      begin;
      select realtime.send('{"n": 1}'::jsonb, 'tx', '${topic}');
      rollback;
      select realtime.send('{"n": 2}'::jsonb, 'tx', '${topic}');
    `);
    await waitFor(() => priv.received.length === 1, 'the committed message');
    expect(priv.received[0]!.payload.n).toBe(2);
  });

  it('lets a user call realtime.send only where the insert policy allows', async () => {
    const topic = `rt-bc-room:rpc-${randomUUID()}`;
    const priv = await join(await clientFor(alice), topic, { private: true });
    const asUser = async (sub: string, n: number) =>
      sql(
        `begin;
         select set_config('role', 'authenticated', true),
                set_config('request.jwt.claims', $1, true);
         select realtime.send(jsonb_build_object('n', ${n}), 'rpc', '${topic}');
         commit;`.replace('$1', `'${JSON.stringify({ sub, role: 'authenticated' })}'`),
      );
    await asUser(eve, 1); // refused by the insert policy: a warning, nothing stored
    await asUser(bob, 2);
    await waitFor(() => priv.received.length === 1, "bob's message");
    expect(priv.received[0]!.payload.n).toBe(2);
  });
});

describe('broadcast over HTTP', () => {
  it('POST /realtime/v1/api/broadcast reaches public channels, and private ones when the insert policy allows', async () => {
    const topic = `rt-bc-room:http-${randomUUID()}`;
    const pub = await join(await clientFor(), topic);
    const priv = await join(await clientFor(alice), topic, { private: true });
    const post = async (token: string, messages: unknown[]) =>
      api('/realtime/v1/api/broadcast', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages }),
      });
    const r1 = await post(stackConfig.anonKey, [{ topic, event: 'e', payload: { n: 1 } }]);
    expect(r1.status).toBe(202);
    await waitFor(() => pub.received.length === 1, 'the public HTTP broadcast');
    expect(pub.received[0]).toEqual({ event: 'e', payload: { n: 1 }, meta: undefined });

    // eve may not send: her private message is dropped (still 202); bob's arrives.
    expect((await post(await signUserJwt(eve), [{ topic, event: 'e', payload: { n: 2 }, private: true }])).status).toBe(
      202,
    );
    expect((await post(await signUserJwt(bob), [{ topic, event: 'e', payload: { n: 3 }, private: true }])).status).toBe(
      202,
    );
    await waitFor(() => priv.received.length === 1, "bob's private HTTP broadcast");
    expect(priv.received[0]!.payload).toEqual({ n: 3 });

    const bad = await post(stackConfig.anonKey, [{ topic, payload: { n: 1 } }]);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ errors: { messages: [{ event: ["can't be blank"] }] } });
    const unauth = await api('/realtime/v1/api/broadcast', {
      method: 'POST',
      headers: { Authorization: 'Bearer not-a-jwt', 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [] }),
    });
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toEqual({ message: 'Unauthorized' });
  });

  it('supabase-js falls back to the HTTP endpoint when the channel is not joined, and httpSend is refused without the policy', async () => {
    const topic = `rt-bc-room:fallback-${randomUUID()}`;
    const receiver = await join(await clientFor(), topic);
    const unjoined = (await clientFor()).channel(topic);
    expect(await unjoined.send({ type: 'broadcast', event: 'late', payload: { ok: true } })).toBe('ok');
    await waitFor(() => receiver.received.length === 1, 'the fallback broadcast');
    expect(receiver.received[0]!.payload).toEqual({ ok: true });

    const privReceiver = await join(await clientFor(alice), topic, { private: true });
    const eveChannel = (await clientFor(eve)).channel(topic, { config: { private: true } });
    await expect(eveChannel.httpSend('single', { n: 1 })).rejects.toThrow('Unauthorized');
    const bobChannel = (await clientFor(bob)).channel(topic, { config: { private: true } });
    expect(await bobChannel.httpSend('single', { n: 2 })).toEqual({ success: true });
    await waitFor(() => privReceiver.received.length === 1, 'the httpSend broadcast');
    expect(privReceiver.received[0]).toEqual({ event: 'single', payload: { n: 2 }, meta: undefined });
  });
});
