import type pg from 'pg';
import type { Broker } from './broker.ts';
import type { Catalog, RelationInfo } from './catalog.ts';
import type { Filter, SubscriptionParams } from './filters.ts';
import { JsonbObject, writeJson, type JsonValue } from './json.ts';
import { encodeRaw, type Vsn } from './phoenix.ts';
import { pgMicrosToEpochMs, UNCHANGED, type PgoutputMessage, type Relation, type WalValue } from './pgoutput.ts';
import { typeValue } from './values.ts';

/**
 * Turns WAL changes into postgres_changes messages with hosted Realtime's rules (realtime.apply_rls):
 * - per subscriber role: only columns it may SELECT appear; no primary key → "Error 400", a primary key
 *   column it may not select → "Error 401";
 * - the binding's filters are evaluated by Postgres with the column's type (INSERT/UPDATE on the new row,
 *   DELETE on the old identity);
 * - INSERT/UPDATE on a table with RLS enabled reach a subscriber only if its role and claims can select the
 *   row by primary key (one batched check per distinct role+claims); DELETE is never RLS-checked and, with
 *   RLS enabled, carries only the primary key in old_record;
 * - rows over 1 MB keep only values up to 64 bytes and carry "Error 413: Payload Too Large".
 * Changes are computed concurrently and delivered strictly in WAL order.
 */
export interface Subscriber {
  topic: string;
  vsn: Vsn;
  /** Joined with `config` (realtime-js ≥ 2): messages are `postgres_changes` with ids; else the legacy event per type. */
  isNewApi: boolean;
  role: string;
  /** The claims as JSON: set as request.jwt.claims for the RLS check, and the batching key. */
  claimsJson: string;
  isOpen(): boolean;
  send(frame: string): void;
}

export interface Subscription {
  subscriber: Subscriber;
  bindingId: number;
  entities: Set<number>;
  params: SubscriptionParams;
}

type Action = 'INSERT' | 'UPDATE' | 'DELETE';
type ChangeMessage = Extract<PgoutputMessage, { tag: 'insert' | 'update' | 'delete' }>;

interface Delivery {
  subscriber: Subscriber;
  frame: string;
}

const MAX_RECORD_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 64;

function filterSql(f: Filter, type: string, lhs: string, rhs: string): string {
  const left = `${lhs}::text::${type}`;
  const right = `${rhs}::text::${type}`;
  let expr: string;
  switch (f.op) {
    case 'is':
      // The keyword was validated at subscribe time.
      return `coalesce(${left} ${f.negate ? 'is not' : 'is'} ${f.value.toUpperCase()}, false)`;
    case 'isdistinct':
      return `coalesce(${left} ${f.negate ? 'is not distinct from' : 'is distinct from'} ${right}, false)`;
    case 'in':
      expr = `${left} = any(${rhs}::text::${type}[])`;
      break;
    case 'like':
      expr = `${left} like ${right}`;
      break;
    case 'ilike':
      expr = `${left} ilike ${right}`;
      break;
    case 'match':
      expr = `${left} ~ ${right}`;
      break;
    case 'imatch':
      expr = `${left} ~* ${right}`;
      break;
    default: {
      const ops = { eq: '=', neq: '!=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
      expr = `${left} ${ops[f.op]} ${right}`;
    }
  }
  return `coalesce(${f.negate ? `not (${expr})` : expr}, false)`;
}

export class Dispatcher {
  private readonly byEntity = new Map<number, Set<Subscription>>();
  private readonly bySubscriber = new Map<Subscriber, Subscription[]>();
  private commitMs = Date.now();
  private xid = 0;
  private tail: Promise<void> = Promise.resolve();
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog: Catalog,
    private readonly log: (msg: string) => void,
    private readonly broker: Broker | null = null,
  ) {}

  /** Replaces the subscriber's subscriptions. */
  set(subscriber: Subscriber, subs: Subscription[]): void {
    this.remove(subscriber);
    this.bySubscriber.set(subscriber, subs);
    for (const s of subs) {
      for (const e of s.entities) {
        let set = this.byEntity.get(e);
        if (!set) this.byEntity.set(e, (set = new Set()));
        set.add(s);
      }
    }
  }

  remove(subscriber: Subscriber): void {
    for (const s of this.bySubscriber.get(subscriber) ?? []) {
      for (const e of s.entities) {
        const set = this.byEntity.get(e);
        set?.delete(s);
        if (set?.size === 0) this.byEntity.delete(e);
      }
    }
    this.bySubscriber.delete(subscriber);
  }

  /** Everything in flight has been delivered. */
  drain(): Promise<void> {
    return this.tail;
  }

  async onMessage(msg: PgoutputMessage): Promise<void> {
    switch (msg.tag) {
      case 'begin':
        this.commitMs = pgMicrosToEpochMs(msg.commitTimeMicros);
        this.xid = msg.xid;
        return;
      case 'relation':
        this.catalog.invalidateRelation(msg.relation.oid);
        return;
      case 'insert':
      case 'update':
      case 'delete':
        break;
      default:
        return;
    }
    if (msg.relation.schema === 'realtime' && msg.relation.table.startsWith('messages')) {
      // realtime.messages (its day partitions) comes from its own publication: inserts are database
      // broadcasts, delivered in commit order with the changes around them.
      if (msg.tag === 'insert' && this.broker) {
        const row = new Map<string, string | null>();
        msg.relation.columns.forEach((c, i) => {
          const v = msg.newTuple[i];
          row.set(c.name, v === undefined || v === UNCHANGED ? null : v);
        });
        const broker = this.broker;
        this.tail = this.tail.then(() => broadcastRow(broker, row, this.log));
      }
      return;
    }
    const work = this.compute(msg, this.commitMs, this.xid).catch((err: unknown) => {
      this.log(`dropped a ${msg.tag} on ${msg.relation.schema}.${msg.relation.table}: ${(err as Error).message}`);
      return [] as Delivery[];
    });
    this.inFlight++;
    this.tail = this.tail.then(async () => {
      for (const d of await work) {
        if (d.subscriber.isOpen()) d.subscriber.send(d.frame);
      }
      this.inFlight--;
    });
    // Backpressure: the replication stream waits while too many changes are being computed.
    if (this.inFlight >= MAX_IN_FLIGHT) await this.tail;
  }

  private async compute(change: ChangeMessage, commitMs: number, xid: number): Promise<Delivery[]> {
    const rel = change.relation;
    const action: Action = change.tag === 'insert' ? 'INSERT' : change.tag === 'update' ? 'UPDATE' : 'DELETE';
    const candidates = [...(this.byEntity.get(rel.oid) ?? [])].filter(
      (s) => s.subscriber.isOpen() && (s.params.action === '*' || s.params.action === action),
    );
    if (candidates.length === 0) return [];
    const info = await this.catalog.relation(rel.oid);
    await this.catalog.loadTypes(rel.columns.map((c) => c.typeOid));

    const { newValues, oldValues } = walValues(change, rel);
    const recordTexts = new Map<string, string | null>();
    if (action !== 'DELETE') {
      for (const [name, v] of newValues) {
        if (v !== UNCHANGED) recordTexts.set(name, v);
        else if (oldValues.has(name)) recordTexts.set(name, oldValues.get(name)!);
      }
    }
    const filterSource = new Map<string, string | null>();
    if (action === 'DELETE') oldValues.forEach((v, k) => filterSource.set(k, v));
    else newValues.forEach((v, k) => v !== UNCHANGED && filterSource.set(k, v));
    let walBytes = 0;
    for (const v of [...recordTexts.values(), ...oldValues.values()]) walBytes += (v?.length ?? 4) + 64;
    const tooLarge = walBytes > MAX_RECORD_BYTES;

    // Per role: selectable columns and the 400/401 cases.
    const roles = [...new Set(candidates.map((s) => s.subscriber.role))].sort();
    const selectable = new Map<string, Set<string>>();
    for (const role of roles) selectable.set(role, await this.catalog.selectable(info, role));
    const roleError = new Map<string, string>();
    if (action !== 'DELETE') {
      for (const role of roles) {
        if (info.primaryKey.length === 0) roleError.set(role, 'Error 400: Bad Request, no primary key');
        else if (!info.primaryKey.every((c) => selectable.get(role)!.has(c)))
          roleError.set(role, 'Error 401: Unauthorized');
      }
    }

    const visible = new Set<Subscription>();
    const filtered = await this.applyFilters(
      candidates.filter((s) => !roleError.has(s.subscriber.role)),
      info,
      filterSource,
    );
    if (info.rlsEnabled && action !== 'DELETE') {
      for (const s of await this.applyRls(filtered, info, recordTexts, xid)) visible.add(s);
    } else {
      for (const s of filtered) visible.add(s);
    }

    const deliveries: Delivery[] = [];
    const commitTimestamp = new Date(commitMs).toISOString();
    // One payload per (role, column selection), like one realtime.wal_rls row each.
    const groups = new Map<string, Subscription[]>();
    for (const s of candidates) {
      const key = `${s.subscriber.role}\u0000${s.params.select ? [...s.params.select].sort().join(',') : ''}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = []));
      g.push(s);
    }
    for (const group of groups.values()) {
      const members = roleError.has(group[0]!.subscriber.role) ? group : group.filter((s) => visible.has(s));
      if (members.length === 0) continue;
      const role = group[0]!.subscriber.role;
      const data = roleError.has(role)
        ? errorData(action, rel, roleError.get(role)!, commitTimestamp)
        : this.changeData(
            action,
            rel,
            info,
            selectable.get(role)!,
            group[0]!.params.select,
            recordTexts,
            oldValues,
            tooLarge,
            commitTimestamp,
          );
      deliveries.push(...framesFor(members, action, data));
    }
    return deliveries;
  }

  /** The subscriptions whose filters all hold, evaluated by Postgres with the column types. */
  private async applyFilters(
    subs: Subscription[],
    info: RelationInfo,
    source: Map<string, string | null>,
  ): Promise<Subscription[]> {
    const types = new Map(info.columns.map((c) => [c.name, c.type.regtype]));
    const exprs: string[] = [];
    const values: (string | null)[] = [];
    const exprIndex = new Map<string, number>();
    const pass: Subscription[] = [];
    const plans: { sub: Subscription; indexes: number[] }[] = [];
    for (const s of subs) {
      if (s.params.filters.length === 0) {
        pass.push(s);
        continue;
      }
      const indexes: number[] = [];
      let impossible = false;
      for (const f of s.params.filters) {
        const type = types.get(f.column);
        // A filter column missing from the change (unchanged TOAST, not in the old identity) never matches.
        if (!type || !source.has(f.column)) {
          impossible = true;
          break;
        }
        const key = JSON.stringify([f.column, f.op, f.value, f.negate]);
        let idx = exprIndex.get(key);
        if (idx === undefined) {
          values.push(source.get(f.column)!, f.value);
          idx = exprs.length;
          exprs.push(filterSql(f, type, `$${values.length - 1}`, `$${values.length}`));
          exprIndex.set(key, idx);
        }
        indexes.push(idx);
      }
      if (!impossible) plans.push({ sub: s, indexes });
    }
    if (plans.length === 0) return pass;
    const res = await this.pool.query<unknown[]>({ text: `select ${exprs.join(', ')}`, values, rowMode: 'array' });
    const row = res.rows[0] ?? [];
    for (const p of plans) if (p.indexes.every((i) => row[i] === true)) pass.push(p.sub);
    return pass;
  }

  /** The subscriptions whose role and claims can select the row (one check per distinct role + claims). */
  private async applyRls(
    subs: Subscription[],
    info: RelationInfo,
    record: Map<string, string | null>,
    xid: number,
  ): Promise<Subscription[]> {
    if (subs.length === 0) return [];
    const pk: Record<string, string | null> = {};
    for (const c of info.primaryKey) pk[c] = record.get(c) ?? null;
    const byKey = new Map<string, { role: string; claims: string }>();
    for (const s of subs)
      byKey.set(`${s.subscriber.role}\u0000${s.subscriber.claimsJson}`, {
        role: s.subscriber.role,
        claims: s.subscriber.claimsJson,
      });
    // Sorted by role: the SQL side switches roles only between groups of different roles.
    const keys = [...byKey.keys()].sort();
    const groups = keys.map((k) => byKey.get(k)!);
    const groupIndex = new Map(keys.map((k, i) => [k, i]));
    const res = await this.pool.query<{ visible: boolean[] | null }>(
      'select _local_supabase.realtime_rls_visible($1::oid::regclass, $2::jsonb, $3::jsonb, $4::bigint) as visible',
      [info.oid, JSON.stringify(pk), JSON.stringify(groups), xid],
    );
    // Fail closed: no answer means nobody is shown the row (the SQL answers all-true itself when RLS is off).
    const visible = res.rows[0]?.visible ?? [];
    return subs.filter(
      (s) => visible[groupIndex.get(`${s.subscriber.role}\u0000${s.subscriber.claimsJson}`)!] === true,
    );
  }

  private changeData(
    action: Action,
    rel: Relation,
    info: RelationInfo,
    selectable: Set<string>,
    select: string[] | null,
    recordTexts: Map<string, string | null>,
    oldValues: Map<string, string | null>,
    tooLarge: boolean,
    commitTimestamp: string,
  ): string {
    const shown = (name: string) =>
      selectable.has(name) && (select === null || select.includes(name) || info.primaryKey.includes(name));
    const typeOf = new Map(rel.columns.map((c) => [c.name, this.catalog.typeSync(c.typeOid)!]));
    const build = (texts: Map<string, string | null>, keep: (name: string) => boolean): JsonValue => {
      const entries = new Map<string, JsonValue>();
      for (const [name, text] of texts) {
        if (!shown(name) || !keep(name)) continue;
        const type = typeOf.get(name);
        const value = type ? typeValue(text, type) : text;
        if (tooLarge && Buffer.byteLength(writeJson(value)) > 64) continue;
        entries.set(name, value);
      }
      // jsonb_object_agg over no rows is NULL.
      return entries.size === 0 ? null : new JsonbObject(entries);
    };
    const columns = info.columns.filter((c) => shown(c.name)).map((c) => ({ name: c.name, type: c.type.typname }));
    const parts: string[] = [
      `"columns":${JSON.stringify(columns)}`,
      `"commit_timestamp":${JSON.stringify(commitTimestamp)}`,
      `"errors":${tooLarge ? '["Error 413: Payload Too Large"]' : 'null'}`,
    ];
    if (action === 'UPDATE') parts.push(`"old_record":${writeJson(build(oldValues, () => true))}`);
    if (action === 'DELETE') {
      parts.push(
        `"old_record":${writeJson(build(oldValues, (name) => !info.rlsEnabled || info.primaryKey.includes(name)))}`,
      );
    }
    if (action !== 'DELETE') parts.push(`"record":${writeJson(build(recordTexts, () => true))}`);
    parts.push(`"schema":${JSON.stringify(rel.schema)}`, `"table":${JSON.stringify(rel.table)}`, `"type":"${action}"`);
    return `{${parts.join(',')}}`;
  }
}

/** New values by column, and the old identity (REPLICA IDENTITY FULL: the whole old row). */
function walValues(
  change: ChangeMessage,
  rel: Relation,
): { newValues: Map<string, WalValue>; oldValues: Map<string, string | null> } {
  const newValues = new Map<string, WalValue>();
  const oldValues = new Map<string, string | null>();
  const fromTuple = (tuple: WalValue[], keyOnly: boolean) => {
    rel.columns.forEach((c, i) => {
      const v = tuple[i];
      if (v === undefined || v === UNCHANGED || (keyOnly && !c.isKey)) return;
      oldValues.set(c.name, v);
    });
  };
  if (change.tag !== 'delete') rel.columns.forEach((c, i) => newValues.set(c.name, change.newTuple[i] ?? null));
  if (change.tag === 'update') {
    if (change.oldTuple) fromTuple(change.oldTuple, false);
    else if (change.keyTuple) fromTuple(change.keyTuple, true);
    // Key unchanged: the identity is the new row's key columns (what wal2json reports as "identity").
    else fromTuple(change.newTuple, true);
  }
  if (change.tag === 'delete') {
    if (change.oldTuple) fromTuple(change.oldTuple, false);
    else if (change.keyTuple) fromTuple(change.keyTuple, true);
  }
  return { newValues, oldValues };
}

function errorData(action: Action, rel: Relation, error: string, commitTimestamp: string): string {
  const record = action === 'DELETE' ? '' : '"record":{},';
  const old = action === 'INSERT' ? '' : '"old_record":{},';
  return (
    `{"columns":[],"commit_timestamp":${JSON.stringify(commitTimestamp)},"errors":${JSON.stringify([error])},${old}${record}` +
    `"schema":${JSON.stringify(rel.schema)},"table":${JSON.stringify(rel.table)},"type":"${action}"}`
  );
}

/** One frame per channel: `postgres_changes` with the channel's matching binding ids, or the legacy event. */
function framesFor(members: Subscription[], action: Action, data: string): Delivery[] {
  const ids = new Map<Subscriber, number[]>();
  for (const s of members) {
    const list = ids.get(s.subscriber);
    // Hosted collects ids by prepending, so a channel's ids come in reverse binding order.
    if (list) list.unshift(s.bindingId);
    else ids.set(s.subscriber, [s.bindingId]);
  }
  const out: Delivery[] = [];
  for (const [subscriber, list] of ids) {
    const frame = subscriber.isNewApi
      ? encodeRaw(
          subscriber.vsn,
          null,
          null,
          subscriber.topic,
          'postgres_changes',
          `{"data":${data},"ids":${JSON.stringify(list)}}`,
        )
      : encodeRaw(subscriber.vsn, null, null, subscriber.topic, action, data);
    out.push({ subscriber, frame });
  }
  return out;
}

/**
 * A committed realtime.messages row as hosted's ReplicationConnection broadcasts it: a UserBroadcast to the
 * topic's channels of the row's privacy, metadata `{"id": …}`, the payload as stored (jsonb text, or the bytes
 * of binary_payload). Rows missing event, id, topic, private or a payload are skipped (UnableToBroadcastChanges).
 */
function broadcastRow(broker: Broker, row: Map<string, string | null>, log: (msg: string) => void): void {
  const event = row.get('event') ?? null;
  const id = row.get('id') ?? null;
  const topic = row.get('topic') ?? null;
  const priv = row.get('private') ?? null;
  const json = row.get('payload') ?? null;
  const binary = row.get('binary_payload') ?? null;
  if (event === null || id === null || topic === null || priv === null || (json === null && binary === null)) {
    log('UnableToBroadcastChanges: a realtime.messages row without event, id, topic, private or payload');
    return;
  }
  const data = binary !== null ? Buffer.from(binary.replace(/^\\x/, ''), 'hex') : Buffer.from(json!, 'utf8');
  broker.broadcast(topic, priv === 't', {
    kind: 'user',
    event,
    encoding: binary !== null ? 'binary' : 'json',
    data,
    metadata: JSON.stringify({ id }),
  });
}
