import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeClientAs, signUserJwt, sql, stackConfig, waitFor } from '../../src/testing/index.ts';
import { RawSocket, wsUrl } from './realtime-support.ts';

// Presence as hosted Realtime serves it (supabase.com/docs/guides/realtime/presence; PresenceHandler,
// Phoenix.Presence): `presence_state` after the join, `presence_diff` `{joins, leaves}` keyed by presence key
// with `metas` carrying `phx_ref` on track, re-track, untrack, leave and disconnect; on private channels the
// insert policy on realtime.messages for extension 'presence' decides who may track.

const eve = randomUUID();
const clients: SupabaseClient[] = [];
const sockets: RawSocket[] = [];

type Frame = [string | null, string | null, string, string, Record<string, unknown>];
type Metas = Record<string, { metas: Record<string, unknown>[] }>;

async function socket(): Promise<RawSocket> {
  const s = await RawSocket.open(wsUrl(stackConfig.apiUrl, { apikey: stackConfig.anonKey }));
  sockets.push(s);
  return s;
}

/** Frames of one event on one topic, in arrival order. */
function frames(sock: RawSocket, topic: string, event: string): Frame[] {
  return sock.frames.filter((f): f is Frame => Array.isArray(f) && f[2] === topic && f[3] === event);
}

async function nth(sock: RawSocket, topic: string, event: string, n: number): Promise<Frame> {
  await waitFor(() => frames(sock, topic, event).length >= n, `${event} #${n} on ${topic}`);
  return frames(sock, topic, event)[n - 1]!;
}

function joinPresence(sock: RawSocket, joinRef: string, topic: string, key: string): void {
  sock.send([joinRef, joinRef, topic, 'phx_join', { config: { presence: { enabled: true, key }, private: false } }]);
}

beforeAll(async () => {
  await sql(`
    drop policy if exists "rt presence read" on realtime.messages;
    drop policy if exists "rt presence write" on realtime.messages;
    create policy "rt presence read" on realtime.messages for select to authenticated
      using (realtime.topic() like 'rt-pr-room:%');
    create policy "rt presence write" on realtime.messages for insert to authenticated
      with check (realtime.topic() like 'rt-pr-room:%' and extension = 'presence' and auth.uid() <> '${eve}'::uuid);
  `);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const c of clients) await c.removeAllChannels();
  await sql(`
    drop policy if exists "rt presence read" on realtime.messages;
    drop policy if exists "rt presence write" on realtime.messages;
  `);
});

describe('presence frames', () => {
  it('sends the state on join and diffs on track, re-track, untrack and disconnect', async () => {
    const topic = `realtime:rt-pr-${randomUUID()}`;
    const a = await socket();
    joinPresence(a, '1', topic, 'alice');
    expect((await a.expect(topic, 'phx_reply', '1'))[4].status).toBe('ok');
    // Pushed by the channel: it carries the join_ref.
    expect(await nth(a, topic, 'presence_state', 1)).toEqual(['1', null, topic, 'presence_state', {}]);

    a.send([
      '1',
      '2',
      topic,
      'presence',
      { type: 'presence', event: 'track', payload: { user_id: 'alice', online_at: 't1' } },
    ]);
    expect((await a.expect(topic, 'phx_reply', '2'))[4]).toEqual({ response: {}, status: 'ok' });
    // The tracker hears its own join, as every member of the topic does.
    const joined = await nth(a, topic, 'presence_diff', 1);
    const ref1 = (joined[4].joins as Metas).alice!.metas[0]!.phx_ref as string;
    expect(ref1).toMatch(/^[A-Za-z0-9+/]{11}=$/);
    expect(a.raw.find((r) => r.includes('"presence_diff"'))).toBe(
      `[null,null,${JSON.stringify(topic)},"presence_diff",{"joins":{"alice":{"metas":[{"phx_ref":"${ref1}","online_at":"t1","user_id":"alice"}]}},"leaves":{}}]`,
    );

    const b = await socket();
    joinPresence(b, '7', topic, 'bob');
    expect((await nth(b, topic, 'presence_state', 1))[4]).toEqual({
      alice: { metas: [{ phx_ref: ref1, online_at: 't1', user_id: 'alice' }] },
    });
    expect(b.raw.find((r) => r.includes('"presence_state"'))).toBe(
      `["7",null,${JSON.stringify(topic)},"presence_state",{"alice":{"metas":[{"phx_ref":"${ref1}","online_at":"t1","user_id":"alice"}]}}]`,
    );
    b.send(['7', '8', topic, 'presence', { type: 'presence', event: 'track', payload: { user_id: 'bob' } }]);
    const bobJoin = (await nth(a, topic, 'presence_diff', 2))[4];
    expect(bobJoin).toEqual({
      joins: { bob: { metas: [{ phx_ref: expect.any(String), user_id: 'bob' }] } },
      leaves: {},
    });

    // Tracking again with a new payload replaces the meta: joins the new one (phx_ref_prev), leaves the old.
    a.send([
      '1',
      '3',
      topic,
      'presence',
      { type: 'presence', event: 'track', payload: { user_id: 'alice', online_at: 't2' } },
    ]);
    const retrack = (await nth(b, topic, 'presence_diff', 2))[4];
    expect(retrack).toEqual({
      joins: {
        alice: { metas: [{ phx_ref: expect.any(String), phx_ref_prev: ref1, online_at: 't2', user_id: 'alice' }] },
      },
      leaves: { alice: { metas: [{ phx_ref: ref1, online_at: 't1', user_id: 'alice' }] } },
    });
    const ref2 = (retrack.joins as Metas).alice!.metas[0]!.phx_ref;

    a.send(['1', '4', topic, 'presence', { type: 'presence', event: 'untrack' }]);
    expect((await a.expect(topic, 'phx_reply', '4'))[4]).toEqual({ response: {}, status: 'ok' });
    expect((await nth(b, topic, 'presence_diff', 3))[4]).toEqual({
      joins: {},
      leaves: { alice: { metas: [{ phx_ref: ref2, phx_ref_prev: ref1, online_at: 't2', user_id: 'alice' }] } },
    });

    // bob's connection drops: his presence leaves with it.
    b.ws.terminate();
    const gone = (await nth(a, topic, 'presence_diff', 5))[4];
    expect(gone).toEqual({ joins: {}, leaves: { bob: { metas: [{ phx_ref: expect.any(String), user_id: 'bob' }] } } });
  });

  it("answers a track whose payload is not a map with hosted's error", async () => {
    const topic = `realtime:rt-pr-${randomUUID()}`;
    const a = await socket();
    joinPresence(a, '1', topic, 'k');
    await a.expect(topic, 'phx_reply', '1');
    a.send(['1', '2', topic, 'presence', { type: 'presence', event: 'track', payload: 'online' }]);
    expect((await a.expect(topic, 'phx_reply', '2'))[4]).toEqual({
      response: { reason: 'Presence track payload must be a map' },
      status: 'error',
    });
  });

  it('closes a channel that sends more than 5 presence messages in 30 s, as hosted limits clients', async () => {
    const sub = `rt-pr-${randomUUID()}`;
    const topic = `realtime:${sub}`;
    const a = await socket();
    joinPresence(a, '1', topic, 'k');
    await a.expect(topic, 'phx_reply', '1');
    for (let i = 1; i <= 6; i++) {
      a.send(['1', `t${i}`, topic, 'presence', { type: 'presence', event: 'track', payload: { n: i } }]);
    }
    expect((await a.expect(topic, 'phx_reply', 't5'))[4]).toEqual({ response: {}, status: 'ok' });
    expect((await a.expect(topic, 'system'))[4]).toEqual({
      channel: sub,
      extension: 'system',
      message: 'Client presence rate limit exceeded',
      status: 'error',
    });
    await a.expect(topic, 'phx_close');
    expect(frames(a, topic, 'phx_reply').some((f) => f[1] === 't6')).toBe(false);
  });

  it('leaves on phx_leave', async () => {
    const topic = `realtime:rt-pr-${randomUUID()}`;
    const a = await socket();
    const b = await socket();
    joinPresence(a, '1', topic, 'alice');
    joinPresence(b, '1', topic, 'bob');
    await a.expect(topic, 'phx_reply', '1');
    await b.expect(topic, 'phx_reply', '1');
    b.send(['1', '2', topic, 'presence', { type: 'presence', event: 'track', payload: { n: 1 } }]);
    await nth(a, topic, 'presence_diff', 1);
    b.send(['1', '3', topic, 'phx_leave', {}]);
    expect((await nth(a, topic, 'presence_diff', 2))[4]).toEqual({
      joins: {},
      leaves: { bob: { metas: [{ phx_ref: expect.any(String), n: 1 }] } },
    });
  });
});

describe('presence through supabase-js on a private channel', () => {
  async function joinAs(sub: string, topic: string): Promise<{ channel: RealtimeChannel; syncs: number }> {
    const client = await realtimeClientAs(await signUserJwt(sub));
    clients.push(client);
    const state = { channel: client.channel(topic, { config: { private: true, presence: { key: sub } } }), syncs: 0 };
    state.channel.on('presence', { event: 'sync' }, () => state.syncs++);
    let status = '';
    state.channel.subscribe((s) => (status = s));
    await waitFor(() => status === 'SUBSCRIBED', `${sub} to join ${topic}`);
    return state;
  }

  it('shows who is online, tracks only with the insert policy, and drops those who leave', async () => {
    const topic = `rt-pr-room:${randomUUID()}`;
    const alice = randomUUID();
    const bob = randomUUID();
    const a = await joinAs(alice, topic);
    const b = await joinAs(bob, topic);
    expect(await a.channel.track({ user_id: alice, online_at: '2026-11-29T10:00:00Z' })).toBe('ok');
    await waitFor(() => alice in b.channel.presenceState(), 'bob to see alice online');
    expect(b.channel.presenceState()[alice]).toEqual([
      { user_id: alice, online_at: '2026-11-29T10:00:00Z', presence_ref: expect.any(String) },
    ]);

    // eve may read the topic but not track on it: her track is refused and nobody sees her.
    const e = await joinAs(eve, topic);
    await waitFor(() => alice in e.channel.presenceState(), 'eve to receive the state');
    expect(await e.channel.track({ user_id: eve })).toBe('error');
    expect(await b.channel.track({ user_id: bob })).toBe('ok');
    await waitFor(() => bob in a.channel.presenceState(), 'alice to see bob');
    expect(Object.keys(a.channel.presenceState()).sort()).toEqual([alice, bob].sort());

    await b.channel.unsubscribe();
    await waitFor(() => !(bob in a.channel.presenceState()), 'bob to go offline for alice');
    await a.channel.untrack();
    await waitFor(() => !(alice in e.channel.presenceState()), 'alice to go offline for eve');
  });
});
