import { describe, expect, it } from 'vitest';
import { Broker, jasonOrder, type Member } from './broker.ts';
import { decodeBinaryFrame, InvalidMessageError, type Vsn } from './phoenix.ts';

// The wire shapes of broadcast and presence (V2Serializer, Phoenix.Presence) without a server.

function member(subTopic: string, opts: { vsn?: Vsn; isPrivate?: boolean; read?: boolean } = {}) {
  const sent: (string | Buffer)[] = [];
  const m: Member & { sent: (string | Buffer)[] } = {
    topic: `realtime:${subTopic}`,
    subTopic,
    isPrivate: opts.isPrivate ?? false,
    vsn: opts.vsn ?? '2.0.0',
    canReadBroadcast: () => opts.read ?? true,
    canReadPresence: () => opts.read ?? true,
    isOpen: () => true,
    send: (f) => sent.push(f),
    sent,
  };
  return m;
}

describe('binary user broadcast push (kind 3)', () => {
  it('decodes what realtime-js 2.119 sends for a broadcast', () => {
    const parts = ['1', '2', 'realtime:room', 'typing', ''].map((p) => Buffer.from(p));
    const payload = Buffer.from('{"typing":true}');
    const frame = Buffer.concat([Buffer.from([3, 1, 1, 13, 6, 0, 1]), ...parts, payload]);
    expect(decodeBinaryFrame(frame)).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { kind: 'user-broadcast-push', event: 'typing', encoding: 'json', data: payload },
    });
  });

  it('refuses frames shorter than their header or of another kind', () => {
    expect(() => decodeBinaryFrame(Buffer.from([3, 5, 0, 0, 0, 0, 1]))).toThrow(InvalidMessageError);
    expect(() => decodeBinaryFrame(Buffer.from([0, 0, 0, 0, 0, 0, 0]))).toThrow(InvalidMessageError);
  });
});

describe('broker', () => {
  it('sends user broadcasts as kind 4 frames on 2.0.0 and as JSON broadcasts on 1.0.0', () => {
    const broker = new Broker();
    const v2 = member('room');
    const v1 = member('room', { vsn: '1.0.0' });
    broker.join(v2);
    broker.join(v1);
    broker.broadcast('room', false, {
      kind: 'user',
      event: 'e',
      encoding: 'json',
      data: Buffer.from('{"a":1}'),
      metadata: '{"id":"x"}',
    });
    const bin = v2.sent[0] as Buffer;
    expect([...bin.subarray(0, 5)]).toEqual([4, 13, 1, 10, 1]);
    expect(bin.subarray(5).toString()).toBe('realtime:roome{"id":"x"}{"a":1}');
    expect(v1.sent[0]).toBe(
      '{"event":"broadcast","payload":{"event":"e","meta":{"id":"x"},"payload":{"a":1},"type":"broadcast"},"ref":null,"topic":"realtime:room"}',
    );
  });

  it('keeps private and public topics apart and skips private members who may not read', () => {
    const broker = new Broker();
    const pub = member('room');
    const reader = member('room', { isPrivate: true });
    const denied = member('room', { isPrivate: true, read: false });
    [pub, reader, denied].forEach((m) => broker.join(m));
    broker.broadcast('room', true, { kind: 'json', payload: { event: 'e', payload: {}, type: 'broadcast' } });
    expect([pub.sent.length, reader.sent.length, denied.sent.length]).toEqual([0, 1, 0]);
  });

  it('groups presence by key with phx_ref first and diffs leaves when a member goes', () => {
    const broker = new Broker();
    const a = member('room');
    const b = member('room');
    broker.join(a);
    broker.join(b);
    broker.track(a, 'alice', { z: 1, a: 2 });
    const state = broker.state('room', false);
    expect(Object.keys(state.alice!.metas[0]!)).toEqual(['phx_ref', 'a', 'z']);
    broker.leave(a);
    const last = JSON.parse(b.sent.at(-1) as string) as unknown[];
    expect(last[3]).toBe('presence_diff');
    expect(last[4]).toEqual({ joins: {}, leaves: { alice: { metas: [state.alice!.metas[0]] } } });
    expect(broker.state('room', false)).toEqual({});
  });

  it('orders decoded maps as Jason writes them (small maps sorted by bytes)', () => {
    expect(Object.keys(jasonOrder({ b: 1, a: 1, B: 1 }) as object)).toEqual(['B', 'a', 'b']);
  });
});
