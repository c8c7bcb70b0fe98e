import { randomBytes } from 'node:crypto';
import { encodeMessage, encodeRaw, type Vsn } from './phoenix.ts';

/**
 * Broadcast and presence between the channels of one topic, as hosted's PubSub and Phoenix.Presence do it for
 * one tenant. Hosted's "tenant topic" keeps public and private channels of the same topic apart, so the key
 * here is the privacy plus the topic. Delivery follows RealtimeChannel.MessageDispatcher:
 * - a broadcast reaches every member (the sender only with `broadcast.self`), private members only when their
 *   select policy allowed 'broadcast';
 * - a presence_diff reaches every member, the tracker included; private members only when they may read
 *   'presence' (evaluated at join, or at their first track when presence was off at join).
 * Frames are encoded per serializer as hosted's V2Serializer / Phoenix's V1 JSONSerializer write them.
 */
export interface Member {
  /** `realtime:<topic>`, as joined. */
  readonly topic: string;
  readonly subTopic: string;
  readonly isPrivate: boolean;
  readonly vsn: Vsn;
  /** Private channels: the select policy allowed 'broadcast' / 'presence' (null: not evaluated). */
  canReadBroadcast(): boolean;
  canReadPresence(): boolean;
  isOpen(): boolean;
  send(frame: string | Buffer): void;
}

/** A Phoenix.Socket.Broadcast whose payload is a map (client JSON pushes, the batch HTTP endpoint). */
export interface JsonBroadcast {
  kind: 'json';
  payload: Record<string, unknown>;
}

/** RealtimeWeb.Socket.UserBroadcast: client binary pushes, the single HTTP endpoint, realtime.send. */
export interface UserBroadcast {
  kind: 'user';
  event: string;
  encoding: 'json' | 'binary';
  /** The user payload as sent (JSON text for 'json'). */
  data: Buffer;
  /** JSON text, or null (hosted sets `{"id": …}` for database broadcasts only). */
  metadata: string | null;
}

export type BroadcastMessage = JsonBroadcast | UserBroadcast;

type Meta = Record<string, unknown>;

interface Tracked {
  key: string;
  meta: Meta;
}

export function tenantTopic(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`;
}

/**
 * Jason's output order for decoded JSON: Erlang maps of up to 32 keys iterate in key order (atoms first, which
 * callers put in themselves), larger maps in hash order (left as they are here).
 */
export function jasonOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jasonOrder);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  const ordered = keys.length <= 32 ? [...keys].sort(compareBinary) : keys;
  return Object.fromEntries(ordered.map((k) => [k, jasonOrder((value as Record<string, unknown>)[k])]));
}

function compareBinary(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** Phoenix.Tracker's ref: 8 random bytes, base64. */
function phxRef(): string {
  return randomBytes(8).toString('base64');
}

/** The V2 binary "user broadcast" frame (kind 4), or null when a part is over 255 bytes (hosted raises). */
function userBroadcastFrame(topic: string, msg: UserBroadcast): Buffer | null {
  const t = Buffer.from(topic);
  const e = Buffer.from(msg.event);
  const m = Buffer.from(msg.metadata ?? '');
  if (t.length > 255 || e.length > 255 || m.length > 255) return null;
  return Buffer.concat([
    Buffer.from([4, t.length, e.length, m.length, msg.encoding === 'json' ? 1 : 0]),
    t,
    e,
    m,
    msg.data,
  ]);
}

function encodeBroadcast(member: Member, msg: BroadcastMessage): string | Buffer | null {
  if (msg.kind === 'json') return encodeMessage(member.vsn, null, null, member.topic, 'broadcast', msg.payload);
  if (member.vsn === '2.0.0') return userBroadcastFrame(member.topic, msg);
  // V1 cannot carry UserBroadcast: hosted converts JSON ones to a Broadcast and drops binary ones.
  if (msg.encoding !== 'json') return null;
  const parts = [`"event":${JSON.stringify(msg.event)}`];
  if (msg.metadata) parts.push(`"meta":${msg.metadata}`);
  parts.push(`"payload":${msg.data.toString('utf8')}`, '"type":"broadcast"');
  return encodeRaw(member.vsn, null, null, member.topic, 'broadcast', `{${parts.join(',')}}`);
}

export class Broker {
  private readonly members = new Map<string, Set<Member>>();
  private readonly presence = new Map<string, Map<Member, Tracked>>();

  join(member: Member): void {
    const key = tenantTopic(member.subTopic, member.isPrivate);
    let set = this.members.get(key);
    if (!set) this.members.set(key, (set = new Set()));
    set.add(member);
  }

  /** The channel left, closed or its socket went away: its presence leaves with it. */
  leave(member: Member): void {
    const key = tenantTopic(member.subTopic, member.isPrivate);
    this.untrack(member);
    const set = this.members.get(key);
    set?.delete(member);
    if (set?.size === 0) this.members.delete(key);
  }

  /** To every member of the topic, but `from` (the sending channel, unless it asked for `self`). */
  broadcast(subTopic: string, isPrivate: boolean, msg: BroadcastMessage, from: Member | null = null): void {
    const set = this.members.get(tenantTopic(subTopic, isPrivate));
    if (!set) return;
    for (const m of set) {
      if (m === from || !m.isOpen()) continue;
      if (m.isPrivate && !m.canReadBroadcast()) continue;
      const frame = encodeBroadcast(m, msg);
      if (frame !== null) m.send(frame);
    }
  }

  /** The `presence_state` payload: `{ key: { metas: [meta…] } }`. */
  state(subTopic: string, isPrivate: boolean): Record<string, { metas: Meta[] }> {
    const tracked = this.presence.get(tenantTopic(subTopic, isPrivate));
    const grouped: Record<string, { metas: Meta[] }> = {};
    for (const t of tracked?.values() ?? []) (grouped[t.key] ??= { metas: [] }).metas.unshift(t.meta);
    // Keys sorted as Jason writes the map; the metas keep their own order (phx_ref first: atoms sort first).
    return Object.fromEntries(
      Object.keys(grouped)
        .sort(compareBinary)
        .map((k) => [k, grouped[k]!]),
    );
  }

  /** Phoenix.Presence.track, or update when this channel already tracks (joins the new meta, leaves the old). */
  track(member: Member, presenceKey: string, payload: Record<string, unknown>): void {
    const topicKey = tenantTopic(member.subTopic, member.isPrivate);
    let tracked = this.presence.get(topicKey);
    if (!tracked) this.presence.set(topicKey, (tracked = new Map()));
    const previous = tracked.get(member);
    const ordered = jasonOrder(payload) as Meta;
    const meta: Meta = previous
      ? { phx_ref: phxRef(), phx_ref_prev: previous.meta.phx_ref, ...ordered }
      : { phx_ref: phxRef(), ...ordered };
    tracked.set(member, { key: presenceKey, meta });
    this.diff(
      member,
      { [presenceKey]: { metas: [meta] } },
      previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    );
  }

  untrack(member: Member): void {
    const topicKey = tenantTopic(member.subTopic, member.isPrivate);
    const tracked = this.presence.get(topicKey);
    const previous = tracked?.get(member);
    if (!tracked || !previous) return;
    tracked.delete(member);
    if (tracked.size === 0) this.presence.delete(topicKey);
    this.diff(member, {}, { [previous.key]: { metas: [previous.meta] } });
  }

  private diff(
    source: Member,
    joins: Record<string, { metas: Meta[] }>,
    leaves: Record<string, { metas: Meta[] }>,
  ): void {
    const set = this.members.get(tenantTopic(source.subTopic, source.isPrivate));
    if (!set) return;
    const payload = JSON.stringify({ joins, leaves });
    for (const m of set) {
      if (!m.isOpen()) continue;
      if (m.isPrivate && !m.canReadPresence()) continue;
      m.send(encodeRaw(m.vsn, null, null, m.topic, 'presence_diff', payload));
    }
  }
}
