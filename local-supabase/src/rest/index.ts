import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SUPERUSER } from '../db.ts';
import type { Service, ServiceContext } from '../service.ts';
import { createPipelinePool } from './executor.ts';
import { createHandler } from './handler.ts';
import { SchemaCacheHolder } from './schema-holder.ts';
import { readApiSection, readDbConfig, restSettingsFrom } from './settings.ts';

export { REST_BODY_LIMIT } from './settings.ts';

/**
 * PostgREST v14 stand-in. Requests run as `authenticator` over a pipelining pool of its own (one round
 * trip per request); the schema cache is read as the superuser and reloaded on `NOTIFY pgrst`. The
 * configuration (settings.ts) is reloaded on `NOTIFY pgrst, 'reload config'` and when config.toml changes.
 */
export async function createService(ctx: ServiceContext): Promise<Service> {
  const settings = restSettingsFrom(readApiSection(ctx.config), await readDbConfig(ctx.db.admin));
  const pool = createPipelinePool(ctx.db.url('authenticator'), 20);
  const cache = new SchemaCacheHolder(ctx.db.admin, settings.schemas, ctx.log);
  await cache.reload();

  let stopped = false;
  // Reloads run one after another; a request meanwhile sees the settings before or after, never a mix.
  let reloading: Promise<void> = Promise.resolve();
  const reloadConfig = () => {
    reloading = reloading.then(async () => {
      if (stopped) return;
      try {
        const next = restSettingsFrom(readApiSection(ctx.config), await readDbConfig(ctx.db.admin));
        const schemasChanged = next.schemas.join(',') !== settings.schemas.join(',');
        Object.assign(settings, next);
        if (schemasChanged) {
          cache.setSchemas(next.schemas);
          await cache.reload();
        }
      } catch (err) {
        ctx.log(`config reload failed: ${(err as Error).message}`);
      }
    });
    return reloading;
  };

  let listener: pg.Client | null = null;
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
      if (payload === '' || payload === 'reload config') void reloadConfig();
    });
    await client.connect();
    await client.query('LISTEN pgrst');
    listener = client;
    // Changes made while we were not listening.
    cache.schedule();
    void reloadConfig();
  };
  await listen();

  // Hosted reloads the API settings when they are saved; here they live in config.toml.
  let watcher: FSWatcher | null = null;
  let debounce: NodeJS.Timeout | null = null;
  try {
    watcher = watch(path.join(ctx.config.projectDir, 'supabase'), (_event, file) => {
      if (file !== 'config.toml') return;
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => void reloadConfig(), 50);
    });
    watcher.on('error', () => undefined);
  } catch {
    // no supabase/ folder: nothing to watch
  }

  const handle = createHandler({ pool, keys: ctx.keys, cache, settings });
  return {
    name: 'rest',
    handle,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (debounce) clearTimeout(debounce);
      watcher?.close();
      cache.stop();
      await listener?.end().catch(() => undefined);
      await reloading;
      await pool.end().catch(() => undefined);
    },
  };
}
