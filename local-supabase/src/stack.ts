import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type StackConfig } from './config.ts';
import { startDatabase, type Database } from './db.ts';
import { createGateway } from './gateway.ts';
import { createKeys, type Keys } from './keys.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { assertPortFree } from './ports.ts';
import type { Service, ServiceFactory } from './service.ts';

const SRC = path.dirname(fileURLToPath(import.meta.url));
/** Order matters only for start-up logs; each service is independent behind the gateway. */
const SERVICE_NAMES = ['auth', 'rest', 'storage', 'realtime', 'functions'] as const;

export interface RunningStack {
  config: StackConfig;
  db: Database;
  keys: Keys;
  mailer: Mailer;
  services: Service[];
  stop(): Promise<void>;
}

export type Logger = (source: string, msg: string) => void;

export const consoleLogger: Logger = (source, msg) => {
  for (const line of msg.split('\n')) console.log(`[${source}] ${line}`);
};

async function loadFactory(name: string): Promise<ServiceFactory | null> {
  const file = path.join(SRC, name, 'index.ts');
  if (!existsSync(file)) return null;
  const mod = (await import(file)) as { createService?: ServiceFactory };
  if (!mod.createService) throw new Error(`${file} must export createService`);
  return mod.createService;
}

export async function startStack(
  config: StackConfig = loadConfig(),
  logger: Logger = consoleLogger,
): Promise<RunningStack> {
  await assertPortFree(config.host, config.apiPort, 'API gateway', 'LOCAL_SUPABASE_API_PORT');
  await assertPortFree(config.host, config.inboxPort, 'mail inbox', 'LOCAL_SUPABASE_INBOX_PORT');
  const keys = await createKeys(config);
  const db = await startDatabase(config, (m) => logger('db', m));
  const mailer = createMailer();
  const services: Service[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    // LOCAL_SUPABASE_SERVICES=rest,auth limits the services started (a developer working on one of them).
    const only = process.env.LOCAL_SUPABASE_SERVICES?.split(',').map((s) => s.trim());
    for (const name of SERVICE_NAMES) {
      if (only && !only.includes(name)) continue;
      const factory = await loadFactory(name);
      if (!factory) continue;
      services.push(await factory({ config, db, keys, mailer, log: (m) => logger(name, m) }));
    }
    const inboxFile = path.join(SRC, 'mail', 'inbox.ts');
    if (existsSync(inboxFile)) {
      const { startInbox } = (await import(inboxFile)) as {
        startInbox: (config: StackConfig, mailer: Mailer) => Promise<{ close(): Promise<void> }>;
      };
      const inbox = await startInbox(config, mailer);
      closers.push(() => inbox.close());
    }
    const gateway = createGateway(services, keys, (m) => logger('gateway', m));
    await new Promise<void>((resolve, reject) => {
      gateway.server.once('error', reject);
      gateway.server.listen(config.apiPort, config.host, () => resolve());
    });
    closers.unshift(() => gateway.close());
  } catch (err) {
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
    `STORAGE_URL="${config.apiUrl}/storage/v1"`,
    `FUNCTIONS_URL="${config.apiUrl}/functions/v1"`,
    `JWT_SECRET="${config.jwtSecret}"`,
    `ANON_KEY="${config.anonKey}"`,
    `SERVICE_ROLE_KEY="${config.serviceRoleKey}"`,
    `PUBLISHABLE_KEY="${config.publishableKey}"`,
    `SECRET_KEY="${config.secretKey}"`,
  ];
}
