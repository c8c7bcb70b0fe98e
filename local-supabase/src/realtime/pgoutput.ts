/**
 * A decoder for pgoutput (logical replication protocol, versions 1–2 without streaming) that keeps values as
 * the text Postgres sent. pg-logical-replication's own parser runs node-pg's type parsers (Dates lose
 * microseconds, arrays and numerics change shape), but Realtime must type values the way `to_jsonb` does.
 * Format: https://www.postgresql.org/docs/17/protocol-logicalrep-message-formats.html
 */

/** A column value as sent: text, NULL, or "unchanged TOAST value, not sent". */
export const UNCHANGED = Symbol('unchanged-toast');
export type WalValue = string | null | typeof UNCHANGED;

export interface RelationColumn {
  name: string;
  typeOid: number;
  /** Part of the replica identity (for REPLICA IDENTITY FULL: every column). */
  isKey: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  table: string;
  replicaIdentity: 'default' | 'nothing' | 'full' | 'index';
  columns: RelationColumn[];
}

export type PgoutputMessage =
  | { tag: 'begin'; commitTimeMicros: bigint; xid: number }
  | { tag: 'commit'; commitTimeMicros: bigint }
  | { tag: 'relation'; relation: Relation }
  | { tag: 'insert'; relation: Relation; newTuple: WalValue[] }
  | {
      tag: 'update';
      relation: Relation;
      keyTuple: WalValue[] | null;
      oldTuple: WalValue[] | null;
      newTuple: WalValue[];
    }
  | { tag: 'delete'; relation: Relation; keyTuple: WalValue[] | null; oldTuple: WalValue[] | null }
  | { tag: 'other'; code: string };

const utf8 = new TextDecoder('utf-8');

class Reader {
  pos = 0;
  constructor(private readonly buf: Buffer) {}
  u8(): number {
    return this.buf.readUInt8(this.pos++);
  }
  i16(): number {
    const v = this.buf.readInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  i32(): number {
    const v = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  u32(): number {
    const v = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  i64(): bigint {
    const v = this.buf.readBigInt64BE(this.pos);
    this.pos += 8;
    return v;
  }
  cstring(): string {
    const end = this.buf.indexOf(0, this.pos);
    if (end < 0) throw new Error('pgoutput: unterminated string');
    const s = utf8.decode(this.buf.subarray(this.pos, end));
    this.pos = end + 1;
    return s;
  }
  bytes(n: number): Buffer {
    if (this.pos + n > this.buf.length) throw new Error('pgoutput: truncated message');
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
}

const IDENTITY: Record<string, Relation['replicaIdentity']> = { d: 'default', n: 'nothing', f: 'full', i: 'index' };

/** Microseconds since 2000-01-01 UTC → milliseconds since the Unix epoch. */
export function pgMicrosToEpochMs(micros: bigint): number {
  return Number(micros / 1000n) + 946_684_800_000;
}

export class PgoutputDecoder {
  readonly relations = new Map<number, Relation>();

  decode(buf: Buffer): PgoutputMessage {
    const r = new Reader(buf);
    const code = String.fromCharCode(r.u8());
    switch (code) {
      case 'B': {
        r.bytes(8); // final LSN
        const commitTimeMicros = r.i64();
        return { tag: 'begin', commitTimeMicros, xid: r.u32() };
      }
      case 'C': {
        r.u8(); // flags
        r.bytes(16); // commit LSN, end LSN
        return { tag: 'commit', commitTimeMicros: r.i64() };
      }
      case 'R': {
        const oid = r.u32();
        const schema = r.cstring();
        const table = r.cstring();
        const replicaIdentity = IDENTITY[String.fromCharCode(r.u8())] ?? 'default';
        const n = r.i16();
        const columns: RelationColumn[] = [];
        for (let i = 0; i < n; i++) {
          const flags = r.u8();
          const name = r.cstring();
          const typeOid = r.u32();
          r.i32(); // typmod
          columns.push({ name, typeOid, isKey: (flags & 1) === 1 });
        }
        const relation: Relation = { oid, schema, table, replicaIdentity, columns };
        this.relations.set(oid, relation);
        return { tag: 'relation', relation };
      }
      case 'I': {
        const relation = this.relation(r.u32());
        r.u8(); // 'N'
        return { tag: 'insert', relation, newTuple: this.tuple(r) };
      }
      case 'U': {
        const relation = this.relation(r.u32());
        let keyTuple: WalValue[] | null = null;
        let oldTuple: WalValue[] | null = null;
        let kind = String.fromCharCode(r.u8());
        if (kind === 'K') keyTuple = this.tuple(r);
        if (kind === 'O') oldTuple = this.tuple(r);
        if (kind !== 'N') kind = String.fromCharCode(r.u8());
        return { tag: 'update', relation, keyTuple, oldTuple, newTuple: this.tuple(r) };
      }
      case 'D': {
        const relation = this.relation(r.u32());
        const kind = String.fromCharCode(r.u8());
        const tuple = this.tuple(r);
        return {
          tag: 'delete',
          relation,
          keyTuple: kind === 'K' ? tuple : null,
          oldTuple: kind === 'O' ? tuple : null,
        };
      }
      default:
        // Origin, Type, Truncate, logical Message: hosted Realtime emits nothing for them.
        return { tag: 'other', code };
    }
  }

  private relation(oid: number): Relation {
    const rel = this.relations.get(oid);
    if (!rel) throw new Error(`pgoutput: change for unknown relation ${oid}`);
    return rel;
  }

  private tuple(r: Reader): WalValue[] {
    const n = r.i16();
    const values: WalValue[] = [];
    for (let i = 0; i < n; i++) {
      const kind = String.fromCharCode(r.u8());
      if (kind === 'n') values.push(null);
      else if (kind === 'u') values.push(UNCHANGED);
      else if (kind === 't') values.push(utf8.decode(r.bytes(r.i32())));
      else if (kind === 'b') {
        // Only sent when the binary option is on, which we never ask for.
        values.push(r.bytes(r.i32()).toString('hex'));
      } else throw new Error(`pgoutput: unknown tuple data kind ${kind}`);
    }
    return values;
  }
}
