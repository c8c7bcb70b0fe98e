import { realtimeSocket, server } from '@/testing/supabase-http';

/**
 * Realtime answered at its WebSocket (MSW), for a unit test about what the app does when a feed reports a change.
 * The frames are Realtime's protocol 2.0.0 as supabase-js speaks it: JSON arrays `[join_ref, ref, topic, event,
 * payload]`; a join is answered with its postgres_changes bindings echoed, each with the id the server gave it, then
 * the "Subscribed to PostgreSQL" system message; a change arrives as `postgres_changes` `{ ids, data }`.
 *
 * Whether the backend sends a change (publication, RLS) is tested against the local stack (tests/, e2e/).
 */

type Binding = { event: string; schema: string; table: string; filter?: string; id: number };
type Frame = [string | null, string | null, string, string, Record<string, unknown>];
export type Join = { topic: string; bindings: Binding[] };

type Client = { send: (data: string) => void };
type Realtime = { onMessage: (client: Client, frame: Frame) => void };

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
  const subscribed: { join: Join; send: (frame: Frame) => void }[] = [];

  current = {
    onMessage(client, [joinRef, ref, topic, type, payload]) {
      const send = (frame: Frame) => client.send(JSON.stringify(frame));
      const reply = (response: Record<string, unknown>) =>
        send([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]);
      if (type === 'heartbeat' || type === 'phx_leave') return reply({});
      if (type !== 'phx_join') return;
      const config = payload.config as { postgres_changes?: Omit<Binding, 'id'>[] };
      const join: Join = {
        topic,
        bindings: (config.postgres_changes ?? []).map((binding) => ({ ...binding, id: nextId++ })),
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
        subscribed.push({ join, send });
      };
      const answer = () => {
        reply({ postgres_changes: join.bindings });
        if (streaming) stream();
        else unstreamed.push(stream);
      };
      if (answering) answer();
      else held.push(answer);
    },
  };
  server.use(
    realtimeSocket.addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) =>
        current?.onMessage(client, JSON.parse(String(event.data)) as Frame),
      );
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
