import { describe, expect, it } from 'vitest';
import { bindingId } from './binding-id.ts';
import {
  decodeFrame,
  encodeMessage,
  encodeReply,
  InvalidMessageError,
  MAX_FRAME_DEPTH,
  nestsDeeperThan,
  parseVsn,
} from './phoenix.ts';
import { PgoutputDecoder, pgMicrosToEpochMs, UNCHANGED } from './pgoutput.ts';

describe('Phoenix serializer', () => {
  it('decodes v2 arrays and v1 objects', () => {
    expect(decodeFrame('["1","2","realtime:x","phx_join",{"a":1}]', '2.0.0')).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:x',
      event: 'phx_join',
      payload: { a: 1 },
    });
    expect(decodeFrame('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"5"}', '1.0.0')).toEqual({
      joinRef: null,
      ref: '5',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    });
  });

  it('refuses what Phoenix refuses', () => {
    for (const [text, vsn] of [
      ['nope', '2.0.0'],
      ['{"topic":"x"}', '2.0.0'],
      ['[1,2,3]', '2.0.0'],
      ['[null,null,1,"e",{}]', '2.0.0'],
      ['["a"]', '1.0.0'],
      ['{"topic":"x","event":"y","payload":{}}', '1.0.0'],
    ] as const) {
      expect(() => decodeFrame(text, vsn)).toThrow(InvalidMessageError);
    }
  });

  it('encodes replies and pushes like Jason writes Phoenix structs', () => {
    expect(encodeReply('2.0.0', '1', '2', 'realtime:x', 'ok', { postgres_changes: [] })).toBe(
      '["1","2","realtime:x","phx_reply",{"response":{"postgres_changes":[]},"status":"ok"}]',
    );
    expect(encodeReply('1.0.0', '1', '2', 'realtime:x', 'error', { reason: 'r' })).toBe(
      '{"event":"phx_reply","payload":{"response":{"reason":"r"},"status":"error"},"ref":"2","topic":"realtime:x"}',
    );
    expect(encodeMessage('2.0.0', '1', '1', 'realtime:x', 'phx_close', {})).toBe(
      '["1","1","realtime:x","phx_close",{}]',
    );
  });

  it('maps vsn like Phoenix: missing means 1.0.0, unknown is refused', () => {
    expect(parseVsn(null)).toBe('1.0.0');
    expect(parseVsn('2.0.0')).toBe('2.0.0');
    expect(parseVsn('1.0.0')).toBe('1.0.0');
    expect(parseVsn('3.0.0')).toBeNull();
  });
});

describe('binding ids', () => {
  it('are stable 27-bit integers that ignore key order', () => {
    const a = bindingId({ event: '*', schema: 'public', table: 't' });
    expect(a).toBe(bindingId({ table: 't', schema: 'public', event: '*' }));
    expect(a).not.toBe(bindingId({ event: 'INSERT', schema: 'public', table: 't' }));
    expect(Number.isInteger(a) && a >= 0 && a < 2 ** 27).toBe(true);
  });
});

function msg(...parts: (string | number[] | Buffer)[]): Buffer {
  return Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))),
  );
}
const i16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const i32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstr = (s: string) => Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);
const text = (s: string) => Buffer.concat([Buffer.from('t'), i32(Buffer.byteLength(s)), Buffer.from(s, 'utf8')]);

describe('pgoutput decoder', () => {
  const d = new PgoutputDecoder();
  const relation = msg(
    'R',
    i32(16384),
    cstr('public'),
    cstr('notes'),
    'd',
    i16(3),
    [1],
    cstr('id'),
    i32(20),
    i32(-1),
    [0],
    cstr('body'),
    i32(25),
    i32(-1),
    [0],
    cstr('big'),
    i32(25),
    i32(-1),
  );

  it('decodes relations and keeps values as text', () => {
    expect(d.decode(relation)).toEqual({
      tag: 'relation',
      relation: {
        oid: 16384,
        schema: 'public',
        table: 'notes',
        replicaIdentity: 'default',
        columns: [
          { name: 'id', typeOid: 20, isKey: true },
          { name: 'body', typeOid: 25, isKey: false },
          { name: 'big', typeOid: 25, isKey: false },
        ],
      },
    });
    const insert = d.decode(msg('I', i32(16384), 'N', i16(3), text('7'), text('héllo'), 'n'));
    expect(insert).toMatchObject({ tag: 'insert', newTuple: ['7', 'héllo', null] });
  });

  it('marks unchanged TOAST values and reads key and old tuples', () => {
    const update = d.decode(
      msg('U', i32(16384), 'K', i16(3), text('7'), 'n', 'n', 'N', i16(3), text('8'), text('b'), 'u'),
    );
    expect(update).toMatchObject({
      tag: 'update',
      keyTuple: ['7', null, null],
      oldTuple: null,
      newTuple: ['8', 'b', UNCHANGED],
    });
    const del = d.decode(msg('D', i32(16384), 'O', i16(3), text('8'), text('b'), text('c')));
    expect(del).toMatchObject({ tag: 'delete', keyTuple: null, oldTuple: ['8', 'b', 'c'] });
  });

  it('converts commit times (µs since 2000-01-01) to epoch milliseconds', () => {
    expect(new Date(pgMicrosToEpochMs(0n)).toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(new Date(pgMicrosToEpochMs(1_000_999n)).toISOString()).toBe('2000-01-01T00:00:01.000Z');
  });
});

describe('frame depth', () => {
  it('counts arrays and objects, not brackets inside strings or after escaped quotes', () => {
    expect(nestsDeeperThan('[{"a":[1]}]', 3)).toBe(false);
    expect(nestsDeeperThan('[{"a":[[1]]}]', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[[[", "\\"[[[[[["]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
  });

  it('refuses a frame nested past the limit as malformed, before parsing it', () => {
    const deep = `[null,"1","realtime:x","phx_join",${'['.repeat(MAX_FRAME_DEPTH)}${']'.repeat(MAX_FRAME_DEPTH)}]`;
    expect(() => decodeFrame(deep, '2.0.0')).toThrow(InvalidMessageError);
    const ok = `[null,"1","realtime:x","phx_join",${'['.repeat(MAX_FRAME_DEPTH - 1)}${']'.repeat(MAX_FRAME_DEPTH - 1)}]`;
    expect(decodeFrame(ok, '2.0.0').event).toBe('phx_join');
  });
});
