import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUserJwt, sleep, sql, stackConfig, waitFor } from '../../src/testing/index.ts';
import { joinPayload, RawSocket, wsUrl } from './realtime-support.ts';

// The Phoenix protocol as hosted Realtime speaks it (supabase.com/docs/guides/realtime/protocol; supabase/realtime
// lib/realtime_web/channels/realtime_channel.ex, user_socket.ex, socket.ex, Phoenix.Socket).

type Frame = [unknown, unknown, string, string, Record<string, unknown>];

let sock: RawSocket;

beforeAll(async () => {
  await sql(`
    create table if not exists public.rt_proto (id bigint generated always as identity primary key, owner uuid, body text);
    grant select on public.rt_proto to anon, authenticated;
    create table if not exists public.rt_proto_private (id bigint primary key);
    grant select on public.rt_proto_private to anon, authenticated;
    do $$ begin
      if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'rt_proto') then
        alter publication supabase_realtime add table public.rt_proto;
      end if;
    end $$;
  `);
  sock = await RawSocket.open();
});

afterAll(() => sock?.close());

describe('socket', () => {
  it('answers heartbeats on the phoenix topic', async () => {
    sock.send([null, 'hb1', 'phoenix', 'heartbeat', {}]);
    const reply = await sock.expect('phoenix', 'phx_reply', 'hb1');
    expect(reply).toEqual([null, 'hb1', 'phoenix', 'phx_reply', { response: {}, status: 'ok' }]);
  });

  it('ignores garbage frames and keeps the connection', async () => {
    sock.send('not json at all');
    sock.send('{"an":"object on a v2 socket"}');
    sock.send('[1,2]');
    sock.ws.send(Buffer.from([3, 0, 0, 0, 0, 0, 1]), { binary: true });
    sock.send(['x', 'bad', 'realtime:bad-payload', 'phx_join', null]);
    sock.send([null, 'hb2', 'phoenix', 'heartbeat', {}]);
    await sock.expect('phoenix', 'phx_reply', 'hb2');
    expect((await sock.expect('realtime:bad-payload', 'phx_reply', 'bad'))[4]).toEqual({
      response: { reason: 'UnknownErrorOnChannel: expected params to be a map, got: null' },
      status: 'error',
    });
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);
  });

  it('answers messages to topics not joined with "unmatched topic"', async () => {
    sock.send(['9', 'u1', 'realtime:never-joined', 'access_token', { access_token: 'x' }]);
    expect(await sock.expect('realtime:never-joined', 'phx_reply', 'u1')).toEqual([
      null,
      'u1',
      'realtime:never-joined',
      'phx_reply',
      { response: { reason: 'unmatched topic' }, status: 'error' },
    ]);
    sock.send(['9', 'u2', 'other:topic', 'phx_join', {}]);
    const r = await sock.expect('other:topic', 'phx_reply', 'u2');
    expect(r[4]).toEqual({ response: { reason: 'unmatched topic' }, status: 'error' });
  });

  it('requires a topic name', async () => {
    sock.send(['t1', 't1', 'realtime:', 'phx_join', joinPayload([])]);
    const r = await sock.expect('realtime:', 'phx_reply', 't1');
    expect(r[4]).toEqual({ response: { reason: 'TopicNameRequired: You must provide a topic name' }, status: 'error' });
  });

  it('refuses a WebSocket without an apikey at the gateway', async () => {
    await expect(RawSocket.open(wsUrl(undefined, { apikey: '' }))).rejects.toThrow(/HTTP 401/);
  });
});

describe('join', () => {
  it('echoes bindings in order with integer ids, then pushes "Subscribed to PostgreSQL"', async () => {
    const bindings = [
      { event: '*', schema: 'public', table: 'rt_proto' },
      { event: 'INSERT', schema: 'public', table: 'rt_proto', filter: 'body=eq.x' },
    ];
    sock.send(['j1', 'j1', 'realtime:proto-a', 'phx_join', joinPayload(bindings)]);
    const reply = await sock.expect('realtime:proto-a', 'phx_reply', 'j1');
    expect(reply[0]).toBe('j1');
    const response = reply[4] as { response: { postgres_changes: Record<string, unknown>[] }; status: string };
    expect(response.status).toBe('ok');
    const echoed = response.response.postgres_changes;
    expect(echoed).toHaveLength(2);
    echoed.forEach((b, i) => {
      expect(b).toEqual({ ...bindings[i], id: expect.any(Number) });
      expect(Number.isInteger(b.id)).toBe(true);
    });
    expect(echoed[0]!.id).not.toBe(echoed[1]!.id);
    const system = await sock.expect('realtime:proto-a', 'system');
    expect(system).toEqual([
      'j1',
      null,
      'realtime:proto-a',
      'system',
      { channel: 'proto-a', extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' },
    ]);
  });

  it('replies with an empty postgres_changes list for a channel without bindings, and sends no system message', async () => {
    sock.send(['j2', 'j2', 'realtime:proto-empty', 'phx_join', joinPayload([])]);
    const reply = await sock.expect('realtime:proto-empty', 'phx_reply', 'j2');
    expect(reply[4]).toEqual({ response: { postgres_changes: [] }, status: 'ok' });
    await sleep(200);
    expect(sock.frames.some((f) => (f as Frame)[2] === 'realtime:proto-empty' && (f as Frame)[3] === 'system')).toBe(
      false,
    );
  });

  it("reports a table outside the publication with hosted's system error", async () => {
    sock.send([
      'j3',
      'j3',
      'realtime:proto-nopub',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto_private' }]),
    ]);
    expect((await sock.expect('realtime:proto-nopub', 'phx_reply', 'j3'))[4].status).toBe('ok');
    const system = await sock.expect('realtime:proto-nopub', 'system');
    expect(system[4]).toEqual({
      channel: 'proto-nopub',
      extension: 'postgres_changes',
      message:
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ' +
        '[event: *, schema: public, table: rt_proto_private, filters: [], select: nil]',
      status: 'error',
    });
  });

  it('reports an unparsable filter, an unknown filter column and a value of the wrong type', async () => {
    sock.send([
      'j4',
      'j4',
      'realtime:proto-badop',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto', filter: 'body=foo.x' }]),
    ]);
    expect((await sock.expect('realtime:proto-badop', 'system'))[4].message).toBe(
      'Error parsing `filter` params: ["foo", "x"]',
    );

    sock.send([
      'j5',
      'j5',
      'realtime:proto-badcol',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto', filter: 'nope=eq.1' }]),
    ]);
    const badCol = (await sock.expect('realtime:proto-badcol', 'system'))[4];
    expect(badCol.status).toBe('error');
    expect(badCol.message).toBe(
      'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ' +
        '[event: *, schema: public, table: rt_proto, filters: [{"nope", "eq", "1", false}], select: nil]. ' +
        'Exception: ERROR P0001 (raise_exception) invalid column for filter nope',
    );

    sock.send([
      'j6',
      'j6',
      'realtime:proto-badval',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto', filter: 'id=eq.abc' }]),
    ]);
    const badVal = (await sock.expect('realtime:proto-badval', 'system'))[4];
    expect(badVal.message).toMatch(
      /Exception: ERROR 22P02 \(invalid_text_representation\) invalid input syntax for type bigint: "abc"$/,
    );

    sock.send([
      'j7',
      'j7',
      'realtime:proto-badin',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto', filter: 'id=in.1,2' }]),
    ]);
    expect((await sock.expect('realtime:proto-badin', 'system'))[4].message).toBe(
      'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    );
  });

  it("refuses malformed, forged and expired tokens with hosted's reasons", async () => {
    sock.send(['k1', 'k1', 'realtime:proto-tok1', 'phx_join', joinPayload([], 'not-a-jwt')]);
    expect((await sock.expect('realtime:proto-tok1', 'phx_reply', 'k1'))[4]).toEqual({
      response: { reason: 'MalformedJWT: The token provided is not a valid JWT' },
      status: 'error',
    });

    const forged = await new SignJWT({ sub: 'x', role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-chars'));
    sock.send(['k2', 'k2', 'realtime:proto-tok2', 'phx_join', joinPayload([], forged)]);
    expect((await sock.expect('realtime:proto-tok2', 'phx_reply', 'k2'))[4]).toEqual({
      response: { reason: 'JwtSignatureError: Failed to validate JWT signature' },
      status: 'error',
    });

    const expired = await signUserJwt(undefined, {}, -120);
    sock.send(['k3', 'k3', 'realtime:proto-tok3', 'phx_join', joinPayload([], expired)]);
    const r3 = (await sock.expect('realtime:proto-tok3', 'phx_reply', 'k3'))[4] as {
      response: { reason: string };
      status: string;
    };
    expect(r3.status).toBe('error');
    expect(r3.response.reason).toMatch(/^InvalidJWTToken: Token has expired 1[12]\d seconds ago$/);

    const noRole = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(stackConfig.jwtSecret));
    sock.send(['k4', 'k4', 'realtime:proto-tok4', 'phx_join', joinPayload([], noRole)]);
    expect((await sock.expect('realtime:proto-tok4', 'phx_reply', 'k4'))[4]).toEqual({
      response: { reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' },
      status: 'error',
    });
  });

  it('refuses a private channel no realtime.messages policy lets the role read', async () => {
    sock.send(['p1', 'p1', 'realtime:proto-private', 'phx_join', { config: { private: true, postgres_changes: [] } }]);
    expect((await sock.expect('realtime:proto-private', 'phx_reply', 'p1'))[4]).toEqual({
      response: { reason: 'Unauthorized: You do not have permissions to read from this Channel topic: proto-private' },
      status: 'error',
    });
  });

  it('answers phx_leave with ok, then phx_close, and delivers nothing more', async () => {
    sock.send([
      'l1',
      'l1',
      'realtime:proto-leave',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto' }]),
    ]);
    await sock.expect('realtime:proto-leave', 'system');
    sock.send(['l1', 'l2', 'realtime:proto-leave', 'phx_leave', {}]);
    expect(await sock.expect('realtime:proto-leave', 'phx_reply', 'l2')).toEqual([
      'l1',
      'l2',
      'realtime:proto-leave',
      'phx_reply',
      { response: {}, status: 'ok' },
    ]);
    expect(await sock.expect('realtime:proto-leave', 'phx_close')).toEqual([
      'l1',
      'l1',
      'realtime:proto-leave',
      'phx_close',
      {},
    ]);
    await sql(`insert into public.rt_proto (body) values ('after-leave')`);
    await sock.next(
      (f) =>
        (f as Frame)[2] === 'realtime:proto-a' &&
        (f as Frame)[3] === 'postgres_changes' &&
        JSON.stringify(f).includes('after-leave'),
    );
    expect(
      sock.frames.some((f) => (f as Frame)[2] === 'realtime:proto-leave' && (f as Frame)[3] === 'postgres_changes'),
    ).toBe(false);
  });

  it('closes the earlier channel when a topic is joined twice', async () => {
    sock.send(['d1', 'd1', 'realtime:proto-dup', 'phx_join', joinPayload([])]);
    await sock.expect('realtime:proto-dup', 'phx_reply', 'd1');
    sock.send(['d2', 'd2', 'realtime:proto-dup', 'phx_join', joinPayload([])]);
    expect(await sock.expect('realtime:proto-dup', 'phx_close')).toEqual([
      'd1',
      'd1',
      'realtime:proto-dup',
      'phx_close',
      {},
    ]);
    expect((await sock.expect('realtime:proto-dup', 'phx_reply', 'd2'))[4].status).toBe('ok');
  });

  it('serves the legacy topic form realtime:<schema>:<table> with per-type events', async () => {
    sock.send(['o1', 'o1', 'realtime:public:rt_proto', 'phx_join', {}]);
    const reply = await sock.expect('realtime:public:rt_proto', 'phx_reply', 'o1');
    expect(reply[4]).toEqual({
      response: { postgres_changes: [{ id: expect.any(Number), schema: 'public', table: 'rt_proto' }] },
      status: 'ok',
    });
    await sock.expect('realtime:public:rt_proto', 'system');
    await sql(`insert into public.rt_proto (body) values ('legacy')`);
    const change = await sock.expect('realtime:public:rt_proto', 'INSERT');
    expect(change[4]).toMatchObject({
      type: 'INSERT',
      schema: 'public',
      table: 'rt_proto',
      record: { body: 'legacy' },
    });
  });
});

describe('vsn 1.0.0', () => {
  it('speaks JSON objects', async () => {
    const v1 = await RawSocket.open(wsUrl(undefined, { vsn: '1.0.0' }));
    try {
      v1.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'h' });
      expect(await v1.next((f) => (f as { ref?: string }).ref === 'h')).toEqual({
        event: 'phx_reply',
        payload: { response: {}, status: 'ok' },
        ref: 'h',
        topic: 'phoenix',
      });
      v1.send({
        topic: 'realtime:v1',
        event: 'phx_join',
        payload: joinPayload([{ event: 'INSERT', schema: 'public', table: 'rt_proto' }]),
        ref: '1',
        join_ref: '1',
      });
      const reply = await v1.next<{ event: string; payload: { status: string } }>(
        (f) => (f as { ref?: string }).ref === '1',
      );
      expect(reply.event).toBe('phx_reply');
      expect(reply.payload.status).toBe('ok');
      await v1.next((f) => (f as { event?: string }).event === 'system');
      await sql(`insert into public.rt_proto (body) values ('v1')`);
      const change = await v1.next<{
        event: string;
        payload: { data: { record: { body: string } }; ids: number[] };
        ref: null;
        topic: string;
      }>((f) => (f as { event?: string }).event === 'postgres_changes');
      expect(change.topic).toBe('realtime:v1');
      expect(change.ref).toBeNull();
      expect(change.payload.data.record.body).toBe('v1');
    } finally {
      v1.close();
    }
  });
});

describe('access_token', () => {
  it('shuts the channel down with a system error when the new token is expired', async () => {
    const token = await signUserJwt();
    sock.send([
      'a1',
      'a1',
      'realtime:proto-token',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto' }], token),
    ]);
    await sock.expect('realtime:proto-token', 'system');
    const expired = await signUserJwt(undefined, {}, -60);
    sock.send(['a1', 'a2', 'realtime:proto-token', 'access_token', { access_token: expired }]);
    await waitFor(
      () =>
        sock.frames.filter((f) => (f as Frame)[2] === 'realtime:proto-token' && (f as Frame)[3] === 'system').length ===
        2,
    );
    const system = sock.frames.filter(
      (f) => (f as Frame)[2] === 'realtime:proto-token' && (f as Frame)[3] === 'system',
    )[1] as Frame;
    expect(system[4]).toMatchObject({ channel: 'proto-token', extension: 'system', status: 'error' });
    expect(system[4].message).toMatch(/^Token has expired \d+ seconds ago$/);
    expect(await sock.expect('realtime:proto-token', 'phx_close')).toEqual([
      'a1',
      'a1',
      'realtime:proto-token',
      'phx_close',
      {},
    ]);
    // The channel is gone.
    sock.send(['a1', 'a3', 'realtime:proto-token', 'access_token', { access_token: token }]);
    expect((await sock.expect('realtime:proto-token', 'phx_reply', 'a3'))[4]).toEqual({
      response: { reason: 'unmatched topic' },
      status: 'error',
    });
  });

  it('shuts the channel down when its token expires while joined', async () => {
    const shortLived = await signUserJwt(undefined, {}, 2);
    sock.send(['e1', 'e1', 'realtime:proto-expiry', 'phx_join', joinPayload([], shortLived)]);
    expect((await sock.expect('realtime:proto-expiry', 'phx_reply', 'e1'))[4].status).toBe('ok');
    const system = await sock.next<Frame>(
      (f) => (f as Frame)[2] === 'realtime:proto-expiry' && (f as Frame)[3] === 'system',
    );
    expect(system[4]).toMatchObject({ channel: 'proto-expiry', extension: 'system', status: 'error' });
    expect(system[4].message).toMatch(/^Token has expired \d+ seconds ago$/);
    expect(await sock.expect('realtime:proto-expiry', 'phx_close')).toEqual([
      'e1',
      'e1',
      'realtime:proto-expiry',
      'phx_close',
      {},
    ]);
  });

  it('ignores sb_ keys and the same token', async () => {
    const token = await signUserJwt();
    sock.send([
      'b1',
      'b1',
      'realtime:proto-same',
      'phx_join',
      joinPayload([{ event: '*', schema: 'public', table: 'rt_proto' }], token),
    ]);
    await sock.expect('realtime:proto-same', 'system');
    sock.send(['b1', 'b2', 'realtime:proto-same', 'access_token', { access_token: token }]);
    sock.send(['b1', 'b3', 'realtime:proto-same', 'access_token', { access_token: stackConfig.publishableKey }]);
    await sleep(200);
    const frames = sock.frames.filter((f) => (f as Frame)[2] === 'realtime:proto-same');
    expect(frames.map((f) => (f as Frame)[3])).toEqual(['phx_reply', 'system']);
  });
});
