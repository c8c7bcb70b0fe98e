import pg from 'pg';
import { tomlSection } from '../config.ts';
import { SUPERUSER } from '../db.ts';
import type { Service, ServiceContext } from '../service.ts';
import { createPipelinePool } from './executor.ts';
import { createHandler } from './handler.ts';
import type { RestSettings } from './request.ts';
import { SchemaCacheHolder } from './schema-holder.ts';

/** 10 MB: far above any row an app sends, small enough that a flood of huge bodies cannot exhaust memory. */
export const REST_BODY_LIMIT = 10 * 1024 * 1024;

function stringList(v: unknown, fallback: string[]): string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') && v.length > 0 ? (v as string[]) : fallback;
}

export function restSettings(ctx: ServiceContext): RestSettings {
  const api = tomlSection(ctx.config, 'api');
  const maxRows = typeof api.max_rows === 'number' && api.max_rows > 0 ? api.max_rows : null;
  return {
    schemas: stringList(api.schemas, ['public']),
    extraSearchPath: stringList(api.extra_search_path, ['public', 'extensions']),
    maxRows,
    bodyLimit: REST_BODY_LIMIT,
    anonRole: 'anon',
  };
}

/**
 * PostgREST v14 stand-in. Requests run as `authenticator` over a pipelining pool of its own (one round
 * trip per request); the schema cache is read as the superuser and reloaded on `NOTIFY pgrst`.
 */
export async function createService(ctx: ServiceContext): Promise<Service> {
  const settings = restSettings(ctx);
  const pool = createPipelinePool(ctx.db.url('authenticator'), 20);
  const cache = new SchemaCacheHolder(ctx.db.admin, settings.schemas, ctx.log);
  await cache.reload();

  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: ctx.db.url(SUPERUSER) });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener === client) listener = null;
      if (!stopped) retry = setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    client.on('notification', (msg) => {
      const payload = (msg.payload ?? '').trim();
      if (payload === '' || payload === 'reload schema') cache.schedule();
    });
    await client.connect();
    await client.query('LISTEN pgrst');
    listener = client;
    // Changes made while we were not listening.
    cache.schedule();
  };
  await listen();

  const handle = createHandler({ pool, keys: ctx.keys, cache, settings });
  return {
    name: 'rest',
    handle,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      cache.stop();
      await listener?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
