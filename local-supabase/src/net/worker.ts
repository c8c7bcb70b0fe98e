import pg from 'pg';
import type { Database, Log } from '../db.ts';
import { SUPERUSER } from '../db.ts';
import { performRequest, PG_NET_VERSION, type QueuedRequest } from './request.ts';

/** The channel net.wake() notifies; PostgreSQL delivers it only when the calling transaction commits. */
export const WAKE_CHANNEL = '_local_supabase_net';

export interface NetWorkerOptions {
  /** pg_net.batch_size: requests taken from the queue per round (default 200). */
  batchSize?: number;
  /** pg_net.ttl: how long response rows are kept (default '6 hours'). */
  ttl?: string;
}

export interface NetWorker {
  stop(): Promise<void>;
}

/**
 * pg_net's background worker, as a connection of the stack's own (application_name `pg_net <version> worker`, the
 * name pg_net's worker has, so net.check_worker_is_up() finds it). It sleeps until net.wake() notifies it at a
 * commit, then, like pg_net, repeats rounds until the queue is empty: in one transaction it deletes expired
 * responses and up to batch_size queued requests (lowest id first), performs them all concurrently and records each
 * outcome in net._http_response. A round that fails (the database went away) is rolled back, so its requests stay
 * queued for the next start, as pg_net's do when its worker dies mid-round.
 */
export async function startNetWorker(db: Database, log: Log, options: NetWorkerOptions = {}): Promise<NetWorker> {
  const batchSize = options.batchSize ?? 200;
  const ttl = options.ttl ?? '6 hours';
  const stopping = new AbortController();
  let client: pg.Client | null = null;
  let wake = true; // a first round takes what was queued while the stack was down
  let draining: Promise<void> | null = null;
  let reconnect: NodeJS.Timeout | null = null;

  const kick = () => {
    wake = true;
    if (draining || !client || stopping.signal.aborted) return;
    draining = drain()
      .catch((err: Error) => log(`net: round failed: ${err.message}`))
      .finally(() => {
        draining = null;
        if (wake && client) kick();
      });
  };

  const drain = async () => {
    while (wake && client && !stopping.signal.aborted) {
      wake = false;
      while ((await round(client)) > 0 && !stopping.signal.aborted);
    }
  };

  const round = async (c: pg.Client): Promise<number> => {
    await c.query('begin');
    try {
      await c.query(
        `delete from net._http_response r using (
           select ctid from net._http_response where created < now() - $1::interval order by created limit $2
         ) old where r.ctid = old.ctid`,
        [ttl, batchSize],
      );
      const { rows } = await c.query<QueuedRequest>(
        `delete from net.http_request_queue q using (
           select id from net.http_request_queue order by id limit $1
         ) next where q.id = next.id
         returning q.id, q.method, q.url, q.headers, q.body, q.timeout_milliseconds`,
        [batchSize],
      );
      await Promise.all(
        rows.map(async (req) => {
          const r = await performRequest(req, stopping.signal);
          if (stopping.signal.aborted) return;
          await c.query(
            `insert into net._http_response (id, status_code, content, headers, content_type, timed_out, error_msg)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [req.id, r.status_code, r.content, r.headers, r.content_type, r.timed_out, r.error_msg],
          );
        }),
      );
      if (stopping.signal.aborted) throw new Error('the stack is stopping');
      await c.query('commit');
      return rows.length;
    } catch (err) {
      await c.query('rollback').catch(() => undefined);
      throw err;
    }
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: db.url(SUPERUSER),
      application_name: `pg_net ${PG_NET_VERSION} worker`,
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client !== c || stopping.signal.aborted) return;
      client = null;
      log('net: worker lost its database connection; reconnecting');
      reconnect = setTimeout(() => void connect().catch(retry), 1000);
    });
    c.on('notification', (msg) => {
      if (msg.channel !== WAKE_CHANNEL) return;
      if (msg.payload === 'restart') log('net: worker restart requested');
      kick();
    });
    await c.connect();
    await c.query(`listen ${WAKE_CHANNEL}`);
    client = c;
    kick();
  };
  const retry = (err: Error) => {
    if (stopping.signal.aborted) return;
    log(`net: worker could not connect: ${err.message}`);
    reconnect = setTimeout(() => void connect().catch(retry), 1000);
  };

  await connect();

  return {
    async stop() {
      stopping.abort();
      if (reconnect) clearTimeout(reconnect);
      await draining;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
