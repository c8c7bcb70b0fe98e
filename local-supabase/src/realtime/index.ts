import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { sendJson } from '../http.ts';
import type { GatewayRequest, Service, ServiceContext } from '../service.ts';
import { Broker } from './broker.ts';
import { handleBroadcastApi } from './broadcast-api.ts';
import { Catalog } from './catalog.ts';
import { Dispatcher } from './dispatcher.ts';
import { parseVsn } from './phoenix.ts';
import { startReplication } from './replication.ts';
import { PhoenixSocket } from './socket.ts';

/**
 * Realtime v2.10x: Phoenix channels on /realtime/v1/websocket (vsn 1.0.0 and 2.0.0) with postgres_changes
 * (logical replication, pgoutput on a temporary slot of the supabase_realtime publication, delivered per
 * subscriber under its column privileges and row-level security), broadcast (from clients, from
 * `POST /api/broadcast` and from realtime.messages rows read on the same stream), presence, and private
 * channels authorized by row-level security on realtime.messages.
 */
export async function createService(ctx: ServiceContext): Promise<Service> {
  // Our own small superuser pool: per-change checks must not queue behind (or starve) other services' work.
  const pool = new pg.Pool({
    connectionString: ctx.db.url('supabase_admin'),
    max: 4,
    idleTimeoutMillis: 30_000,
    application_name: 'realtime',
  });
  pool.on('error', () => undefined);
  const catalog = new Catalog(pool);
  const broker = new Broker();
  const dispatcher = new Dispatcher(pool, catalog, ctx.log, broker);
  // realtime.messages' day partitions, now and every hour (hosted's janitor), so realtime.send and the
  // authorization checks always have today's.
  const partitions = () =>
    pool
      .query('select _local_supabase.realtime_messages_partitions()')
      .then(() => undefined)
      .catch((err: unknown) => ctx.log(`PartitionCreationFailed: ${(err as Error).message}`));
  await partitions();
  const janitor = setInterval(() => void partitions(), 60 * 60 * 1000);
  janitor.unref();
  const sockets = new Set<PhoenixSocket>();
  // Realtime's endpoint sets max_frame_size 5_000_000 (lib/realtime_web/endpoint.ex): a larger frame closes the
  // socket with 1009 before anything reads it, as ws does past maxPayload.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 5_000_000 });

  const replication = startReplication({
    url: ctx.db.url('supabase_admin'),
    onMessage: (msg) => dispatcher.onMessage(msg),
    onRestart: () => ctx.log('replication restarted on a new slot; changes made in between were not delivered'),
    log: ctx.log,
  });
  try {
    await Promise.race([
      replication.ready,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('replication did not start within 15 s')), 15_000).unref(),
      ),
    ]);
  } catch (err) {
    clearInterval(janitor);
    await replication.stop();
    await pool.end().catch(() => undefined);
    throw err;
  }

  return {
    name: 'realtime',

    async handle(req: GatewayRequest, res: ServerResponse) {
      if (req.path === '/api/broadcast' || req.path.startsWith('/api/broadcast/')) {
        await handleBroadcastApi(req, res, { keys: ctx.keys, pool, broker, log: ctx.log });
        return;
      }
      if (req.path === '/websocket' || req.path === '/websocket/') {
        sendJson(res, 400, { error: 'WebSocket upgrade required' });
        return;
      }
      sendJson(res, 404, { message: 'no Route matched with those values' });
    },

    upgrade(req: GatewayRequest, socket: Duplex, head: Buffer) {
      if (req.path !== '/websocket' && req.path !== '/websocket/') {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const vsn = parseVsn(req.gatewayUrl.searchParams.get('vsn'));
      if (!vsn) {
        socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const apikey = req.gatewayUrl.searchParams.get('apikey') ?? '';
      // The gateway admitted one of our keys; hosted's socket works with its JWT (sb_ keys map to the legacy one).
      const tenantToken = apikey.startsWith('sb_') && req.apiKeyRole ? ctx.keys.legacyJwtFor(req.apiKeyRole) : apikey;
      // Hosted's socket keeps the x-* headers (connect_info x_headers) for request.headers in policies.
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (k.startsWith('x-') && typeof v === 'string') headers[k] = v;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const ps = new PhoenixSocket(ws, vsn, tenantToken, headers, {
          keys: ctx.keys,
          pool,
          dispatcher,
          broker,
          log: ctx.log,
        });
        sockets.add(ps);
        ws.on('close', () => sockets.delete(ps));
      });
    },

    async stop() {
      clearInterval(janitor);
      for (const s of sockets) s.shutdown();
      sockets.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const client of wss.clients) client.terminate();
      await replication.stop();
      await dispatcher.drain().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
