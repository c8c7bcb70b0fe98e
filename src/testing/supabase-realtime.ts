import { realtimeSocket, server } from '@/testing/supabase-http';

/**
 * Realtime answered at its WebSocket (MSW), for a unit test about what the app does when a feed reports a change.
 * The frames are Realtime's protocol 2.0.0 as supabase-js speaks it: JSON arrays `[join_ref, ref, topic, event,
 * payload]`; a join is answered with its postgres_changes bindings echoed, each with the id the server gave it, then
 * the "Subscribed to PostgreSQL" system message; a change arrives as `postgres_changes` `{ ids, data }`.
 *
 * Broadcast and presence, as Realtime speaks them to supabase-js: a client's broadcast arrives as the binary "user
 * broadcast push" frame (kind 3) and is acknowledged when the channel asked for `ack`; a broadcast to the client is
 * `broadcast` `{ type, event, payload }`; a join with presence gets `presence_state`, a track or a leave sends
 * `presence_diff` `{ joins, leaves }` to every joined channel of the topic, each meta with its `phx_ref`.
 *
 * Whether the backend sends a change (publication, RLS) or lets a private channel join is tested against the local
 * stack (tests/, e2e/).
 */

type Binding = { event: string; schema: string; table: string; filter?: string; id: number };
type Frame = [string | null, string | null, string, string, Record<string, unknown>];
export type Join = {
  topic: string;
  bindings: Binding[];
  /** The join's config: private, presence key, broadcast options. */
  private: boolean;
  presenceKey: string | null;
};
/** A broadcast a client sent on a channel. */
export type SentBroadcast = { topic: string; event: string; payload: Record<string, unknown> };
type Meta = Record<string, unknown>;

type Client = { send: (data: string) => void };
type Realtime = { onMessage: (client: Client, frame: Frame) => void };

/** Decodes Realtime's binary "user broadcast push" (realtime-js's serializer, kind 3) into a JSON frame's shape. */
function decodeBroadcastPush(buffer: ArrayBuffer): Frame | null {
  const view = new DataView(buffer);
  if (view.getUint8(0) !== 3) return null;
  const lengths = [1, 2, 3, 4, 5].map((i) => view.getUint8(i));
  const encoding = view.getUint8(6);
  const decoder = new TextDecoder();
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = lengths.map((length) => {
    const text = decoder.decode(buffer.slice(offset, offset + length!));
    offset += length!;
    return text;
  });
  const payload: unknown = encoding === 1 ? JSON.parse(decoder.decode(buffer.slice(offset))) : buffer.slice(offset);
  return [
    joinRef || null,
    ref || null,
    topic!,
    'broadcast',
    { type: 'broadcast', event: event!, payload, ...(metadata ? (JSON.parse(metadata) as object) : {}) },
  ];
}

/**
 * The socket outlives a test (the client keeps it open a while after its last channel), so a connection's
 * frames go to whichever test is running now.
 */
let current: Realtime | null = null;

/**
 * Answers the realtime socket for the current test. Joins stay unanswered (the channel stays joining, as in every
 * other unit test) until `answerJoins()`; `change()` then delivers a row change to the joined bindings it matches.
 */
export function answerRealtime() {
  let answering = false;
  let streaming = true;
  let nextId = 1000;
  const joins: Join[] = [];
  const held: (() => void)[] = [];
  const unstreamed: (() => void)[] = [];
  const subscribed: { join: Join; send: (frame: Frame) => void; client: Client }[] = [];
  const broadcasts: SentBroadcast[] = [];
  // Who is present on each topic: key → metas (each with its phx_ref).
  const presence = new Map<string, Map<string, Meta[]>>();
  let nextPresenceRef = 1;
  const presenceOf = (topic: string) => {
    if (!presence.has(topic)) presence.set(topic, new Map());
    return presence.get(topic)!;
  };
  const toTopic = (topic: string, frame: (join: Join) => Frame) => {
    for (const s of subscribed) if (s.join.topic === topic) s.send(frame(s.join));
  };
  const diff = (topic: string, joins: Record<string, { metas: Meta[] }>, leaves: Record<string, { metas: Meta[] }>) =>
    toTopic(topic, () => [null, null, topic, 'presence_diff', { joins, leaves }]);
  const track = (topic: string, key: string, meta: Meta) => {
    const state = presenceOf(topic);
    const left = state.get(key) ?? [];
    const metas = [{ ...meta, phx_ref: String(nextPresenceRef++) }];
    state.set(key, metas);
    diff(topic, { [key]: { metas } }, left.length > 0 ? { [key]: { metas: left } } : {});
  };
  const untrack = (topic: string, key: string) => {
    const state = presenceOf(topic);
    const left = state.get(key);
    if (!left) return;
    state.delete(key);
    diff(topic, {}, { [key]: { metas: left } });
  };

  current = {
    onMessage(client, [joinRef, ref, topic, type, payload]) {
      const send = (frame: Frame) => client.send(JSON.stringify(frame));
      const reply = (response: Record<string, unknown>) =>
        send([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]);
      if (type === 'heartbeat') return reply({});
      if (type === 'phx_leave') {
        reply({});
        // Leaving takes the client's presence on the topic along.
        for (let i = subscribed.length - 1; i >= 0; i--) {
          const s = subscribed[i]!;
          if (s.join.topic !== topic || s.client !== client) continue;
          subscribed.splice(i, 1);
          if (s.join.presenceKey) untrack(topic, s.join.presenceKey);
        }
        return;
      }
      if (type === 'broadcast') {
        const { event, payload: body } = payload as { event: string; payload: Record<string, unknown> };
        broadcasts.push({ topic, event, payload: body });
        // Others on the topic receive it (self: false is what the app asks for).
        for (const s of subscribed)
          if (s.join.topic === topic && s.client !== client)
            s.send([null, null, topic, 'broadcast', { type: 'broadcast', event, payload: body }]);
        if (ref) reply({});
        return;
      }
      if (type === 'presence') {
        const { event, payload: meta } = payload as { event: string; payload?: Meta };
        const join = subscribed.find((s) => s.join.topic === topic && s.client === client)?.join;
        if (join?.presenceKey) {
          if (event === 'track') track(topic, join.presenceKey, meta ?? {});
          else if (event === 'untrack') untrack(topic, join.presenceKey);
        }
        return reply({});
      }
      if (type !== 'phx_join') return;
      const config = payload.config as {
        postgres_changes?: Omit<Binding, 'id'>[];
        private?: boolean;
        presence?: { key?: string; enabled?: boolean };
      };
      const join: Join = {
        topic,
        bindings: (config.postgres_changes ?? []).map((binding) => ({ ...binding, id: nextId++ })),
        private: config.private === true,
        presenceKey: config.presence?.key || null,
      };
      joins.push(join);
      const stream = () => {
        send([
          joinRef,
          null,
          topic,
          'system',
          {
            extension: 'postgres_changes',
            status: 'ok',
            message: 'Subscribed to PostgreSQL',
            channel: topic.replace(/^realtime:/, ''),
          },
        ]);
        subscribed.push({ join, send, client });
      };
      const answer = () => {
        reply({ postgres_changes: join.bindings });
        if (join.bindings.length === 0) {
          // No changes to stream: Realtime sends no "Subscribed to PostgreSQL"; a presence join gets the state.
          subscribed.push({ join, send, client });
          if (config.presence?.enabled) {
            const state = Object.fromEntries([...presenceOf(topic)].map(([key, metas]) => [key, { metas }]));
            send([null, null, topic, 'presence_state', state]);
          }
          return;
        }
        if (streaming) stream();
        else unstreamed.push(stream);
      };
      if (answering) answer();
      else held.push(answer);
    },
  };
  server.use(
    realtimeSocket.addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => {
        const data: unknown = event.data;
        if (typeof data === 'string') return current?.onMessage(client, JSON.parse(data) as Frame);
        const decode = (buffer: ArrayBuffer) => {
          const frame = decodeBroadcastPush(buffer);
          if (frame) current?.onMessage(client, frame);
        };
        if (data instanceof ArrayBuffer) decode(data);
        else if (data instanceof Blob) void data.arrayBuffer().then(decode);
      });
    }),
  );

  return {
    /** The channels the app asked to join, in order (answered or not). */
    joins,
    /**
     * From now on joins are answered, including those waiting. `{ stream: false }`: the join's reply only, as
     * Realtime sends it before its replication is ready; "Subscribed to PostgreSQL" waits for `startStreams()`.
     */
    answerJoins({ stream = true }: { stream?: boolean } = {}) {
      answering = true;
      streaming = stream;
      for (const answer of held.splice(0)) answer();
    },
    /** Sends the held "Subscribed to PostgreSQL" messages: changes flow from now on. */
    startStreams() {
      streaming = true;
      for (const stream of unstreamed.splice(0)) stream();
    },
    /** The broadcasts clients sent, in order. */
    broadcasts,
    /** Someone else is here: their presence (keyed by `key`) joins `topic` (a `presence_diff` to its channels). */
    presenceJoin(topic: string, key: string, meta: Meta) {
      track(topic, key, meta);
    },
    /** Someone else left `topic`. */
    presenceLeave(topic: string, key: string) {
      untrack(topic, key);
    },
    /** Who is present on `topic` (keys), the app's own tracks included. */
    presentOn(topic: string) {
      return [...presenceOf(topic).keys()];
    },
    /** Someone else broadcasts `event` on `topic` (from another client, or the database's realtime.send). */
    broadcast(topic: string, event: string, payload: Record<string, unknown>) {
      toTopic(topic, () => [null, null, topic, 'broadcast', { type: 'broadcast', event, payload }]);
    },
    /** Whether `topic` has been joined (its join answered). */
    isJoined(topic: string) {
      return subscribed.some((s) => s.join.topic === topic);
    },
    /**
     * A committed change of one `table` row, to every joined binding of that table and event. Filters are not
     * evaluated: the test sends only changes the binding's filter lets through.
     */
    change(
      table: string,
      type: 'INSERT' | 'UPDATE' | 'DELETE',
      columns: { name: string; type: string }[],
      rows: { record?: Record<string, unknown>; old_record?: Record<string, unknown> },
    ) {
      for (const { join, send } of subscribed) {
        const ids = join.bindings
          .filter((b) => b.schema === 'public' && b.table === table && (b.event === '*' || b.event === type))
          .map((b) => b.id);
        if (ids.length === 0) continue;
        send([
          null,
          null,
          join.topic,
          'postgres_changes',
          {
            ids,
            data: {
              schema: 'public',
              table,
              commit_timestamp: new Date().toISOString(),
              type,
              columns,
              ...rows,
              errors: null,
            },
          },
        ]);
      }
    },
  };
}
