import net from 'node:net';
import { loadConfig, type StackConfig } from './config.ts';
import { startCronScheduler } from './cron/scheduler.ts';
import { startDatabase, type Database } from './db.ts';
import { createGateway, parseTrustedProxies } from './gateway.ts';
import { createKeys, type Keys } from './keys.ts';
import { startInbox } from './mail/inbox.ts';
import { startSmtp } from './mail/smtp.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { startNetWorker } from './net/index.ts';
import { PortInUseError } from './ports.ts';
import { createPushService, startPushServer, type PushService } from './push/service.ts';
import type { Service, ServiceFactory } from './service.ts';

/**
 * Checks that a port is free and keeps it bound until `release()`, right before its own server listens. Starting
 * takes seconds (PostgreSQL, migrations, services), during which the stack opens many connections; the default
 * ports (54321…) lie in Linux's ephemeral range (32768–60999), so a port merely checked free could be handed to one
 * of those connections as its source port, and the server's listen would then fail. A bound port is never handed
 * out. Node listens with SO_REUSEADDR, so the old run's connections in TIME_WAIT do not count as using it.
 */
async function reservePort(
  host: string,
  port: number,
  what: string,
  envVar: string,
): Promise<{ release(): Promise<void> }> {
  // A client that connects meanwhile is dropped at once (as a closed port would refuse it), not kept waiting.
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? new PortInUseError(port, what, envVar) : err),
    );
    server.listen(port, host, () => resolve());
  });
  let released: Promise<void> | null = null;
  return {
    release() {
      released ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}

/**
 * The services, loaded only when started (LOCAL_SUPABASE_SERVICES may leave some out). Order matters only for
 * start-up logs; each service is independent behind the gateway.
 */
const SERVICES: Record<Service['name'], () => Promise<{ createService: ServiceFactory }>> = {
  auth: () => import('./auth/index.ts'),
  rest: () => import('./rest/index.ts'),
  storage: () => import('./storage/index.ts'),
  realtime: () => import('./realtime/index.ts'),
  functions: () => import('./functions/index.ts'),
};

export interface RunningStack {
  config: StackConfig;
  db: Database;
  keys: Keys;
  mailer: Mailer;
  /** The local push service's devices and the messages they received (src/push/). */
  push: PushService;
  services: Service[];
  stop(): Promise<void>;
}

export type Logger = (source: string, msg: string) => void;

export const consoleLogger: Logger = (source, msg) => {
  for (const line of msg.split('\n')) console.log(`[${source}] ${line}`);
};

export async function startStack(
  config: StackConfig = loadConfig(),
  logger: Logger = consoleLogger,
): Promise<RunningStack> {
  // Held from here until each server listens on its port: see reservePort.
  const reserved = {
    api: await reservePort(config.host, config.apiPort, 'API gateway', 'LOCAL_SUPABASE_API_PORT'),
    inbox: await reservePort(config.host, config.inboxPort, 'mail inbox', 'LOCAL_SUPABASE_INBOX_PORT'),
    smtp: await reservePort(config.host, config.smtpPort, 'mail inbox SMTP', 'LOCAL_SUPABASE_SMTP_PORT'),
    push: await reservePort(config.host, config.pushPort, 'push service', 'LOCAL_SUPABASE_PUSH_PORT'),
  };
  const releaseAll = () => Promise.all(Object.values(reserved).map((r) => r.release()));
  let keys: Keys;
  let db: Database;
  try {
    keys = await createKeys(config);
    db = await startDatabase(config, (m) => logger('db', m));
  } catch (err) {
    await releaseAll();
    throw err;
  }
  const mailer = createMailer();
  const push = createPushService(config.pushUrl);
  const services: Service[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    // pg_net's background worker: part of the database on hosted, so it runs whichever services are chosen.
    const net = await startNetWorker(db, (m) => logger('net', m));
    closers.push(() => net.stop());
    // LOCAL_SUPABASE_SERVICES=rest,auth limits the services started (a developer working on one of them).
    const only = process.env.LOCAL_SUPABASE_SERVICES?.split(',').map((s) => s.trim());
    for (const [name, load] of Object.entries(SERVICES)) {
      if (only && !only.includes(name)) continue;
      const { createService } = await load();
      services.push(await createService({ config, db, keys, mailer, log: (m) => logger(name, m) }));
    }
    await reserved.inbox.release();
    const inbox = await startInbox(config, mailer);
    closers.push(() => inbox.close());
    const cron = await startCronScheduler(db, (m) => logger('cron', m));
    closers.push(() => cron.stop());
    await reserved.smtp.release();
    const smtp = await startSmtp(config, mailer);
    closers.push(() => smtp.close());
    await reserved.push.release();
    const pushServer = await startPushServer(config, push);
    closers.push(() => pushServer.close());
    const gateway = createGateway(
      services,
      keys,
      (m) => logger('gateway', m),
      parseTrustedProxies(process.env.LOCAL_SUPABASE_TRUSTED_PROXIES),
    );
    await reserved.api.release();
    await new Promise<void>((resolve, reject) => {
      gateway.server.once('error', reject);
      gateway.server.listen(config.apiPort, config.host, () => resolve());
    });
    closers.unshift(() => gateway.close());
  } catch (err) {
    await releaseAll();
    await Promise.allSettled([...closers.map((c) => c()), ...services.map((s) => s.stop?.())]);
    await db.stop();
    throw err;
  }

  let stopping: Promise<void> | null = null;
  return {
    config,
    db,
    keys,
    mailer,
    push,
    services,
    stop() {
      stopping ??= (async () => {
        for (const close of closers) await close().catch(() => undefined);
        await Promise.allSettled(services.map((s) => s.stop?.()));
        await db.stop();
      })();
      return stopping;
    },
  };
}

/** `supabase status -o env` style lines. */
export function statusLines(config: StackConfig): string[] {
  return [
    `API_URL="${config.apiUrl}"`,
    `REST_URL="${config.apiUrl}/rest/v1"`,
    `DB_URL="${config.dbUrl}"`,
    `INBUCKET_URL="${config.inboxUrl}"`,
    `MAILPIT_URL="${config.inboxUrl}"`,
    // Not in the CLI's status: where an SMTP client (the notification mail function) delivers to the inbox.
    `SMTP_URL="smtp://${config.host}:${config.smtpPort}"`,
    // Not in the CLI's status: the local push service (Web Push endpoints of test devices; README, "Push").
    `PUSH_URL="${config.pushUrl}"`,
    `STORAGE_URL="${config.apiUrl}/storage/v1"`,
    `FUNCTIONS_URL="${config.apiUrl}/functions/v1"`,
    `JWT_SECRET="${config.jwtSecret}"`,
    `ANON_KEY="${config.anonKey}"`,
    `SERVICE_ROLE_KEY="${config.serviceRoleKey}"`,
    `PUBLISHABLE_KEY="${config.publishableKey}"`,
    `SECRET_KEY="${config.secretKey}"`,
  ];
}
