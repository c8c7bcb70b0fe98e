import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { StackConfig } from './config.ts';
import { mkdirShared, reachableByOthers, runningAsRoot, SHARED_ROOT } from './postgres-os.ts';
import { initCluster, reclaimCluster, runningPostmaster, startServer, type PostgresServer } from './postgres-server.ts';
import { assertPortFree } from './ports.ts';

const SQL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql');
/** The cluster superuser. Hosted calls it supabase_admin too; `postgres` is an ordinary role there. */
export const SUPERUSER = 'supabase_admin';
const PASSWORD = 'postgres';

export interface Database {
  /** supabase_admin: bootstrap, internal bookkeeping. Never used to serve a client request. */
  admin: pg.Pool;
  /** authenticator: REST, Storage and Realtime switch to the caller's role inside a transaction. */
  authenticator: pg.Pool;
  /** supabase_auth_admin: owner of the auth schema, used by the Auth service. */
  authAdmin: pg.Pool;
  url(user?: string): string;
  stop(): Promise<void>;
}

export type Log = (msg: string) => void;

function sha(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/**
 * As root, PostgreSQL runs as the unprivileged OS user `postgres`, which must be able to reach the data
 * folder. A checkout under a private home (e.g. /root, mode 700) is not reachable, so the cluster then
 * lives under /var/lib/local-supabase/<hash of the data folder> instead (and the programs run from a copy
 * there too, see postgres-binaries.ts); everything else stays put, and the user's folders keep their modes.
 */
export function dbDirOf(config: StackConfig): string {
  const inProject = path.join(config.dataDir, 'db');
  if (!runningAsRoot() || reachableByOthers(config.dataDir)) return inProject;
  return path.join(SHARED_ROOT, createHash('sha256').update(config.dataDir).digest('hex').slice(0, 16), 'db');
}

/** Runs `sql` and then `record` (what says it ran) in one transaction. */
async function applySqlFile(client: pg.Client, sql: string, record: pg.QueryConfig): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query(record);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The pid of a PostgreSQL still running on this cluster folder, or null (a zombie or a reused pid is not one). */
export function livePostmaster(dir: string): number | null {
  return runningPostmaster(dir);
}

export async function startDatabase(config: StackConfig, log: Log): Promise<Database> {
  const dir = dbDirOf(config);
  // After kill -9 or a crash: whatever the dead stack left on the cluster folder (a server still ending or left
  // running, backends, postmaster.pid) is waited for or ended first; a running stack's server refuses the start.
  const reclaimed = await reclaimCluster(dir, log);
  const url = (user = 'postgres') => `postgresql://${user}:${PASSWORD}@${config.host}:${config.dbPort}/postgres`;
  await assertPortFree(config.host, config.dbPort, 'PostgreSQL', 'LOCAL_SUPABASE_DB_PORT');

  const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
  if (isNew) rmSync(dir, { recursive: true, force: true });
  if (dir.startsWith(`${SHARED_ROOT}/`)) mkdirShared(path.dirname(dir));
  else mkdirSync(path.dirname(dir), { recursive: true });
  const pgLog: string[] = [];
  let recovering = 0;
  const options = {
    dataDir: dir,
    port: config.dbPort,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      `listen_addresses=${config.host}`,
      '-c',
      'unix_socket_directories=',
      '-c',
      'wal_level=logical',
      '-c',
      'max_wal_senders=10',
      '-c',
      'max_replication_slots=10',
      '-c',
      'max_connections=200',
      '-c',
      'timezone=UTC',
      // Hosted preloads pg_stat_statements, which turns query ids on: EXPLAIN VERBOSE (the REST plan media type)
      // then shows a "Query Identifier", as there.
      '-c',
      'compute_query_id=on',
      // supabase/postgres's own setting (hosted then tunes it by compute size); EXPLAIN (SETTINGS) lists it.
      '-c',
      'effective_cache_size=128MB',
      ...(config.testMode ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m: string) => {
      pgLog.push(m);
      if (pgLog.length > 200) pgLog.shift();
      // PostgreSQL's own words for an unclean stop (it replays its WAL before it accepts connections), and its
      // progress reports on a long replay (log_startup_progress_interval): the person waiting is told why.
      if (!recovering && /database system was (not properly shut down|interrupted)/.test(m)) {
        recovering = performance.now();
        log(
          'PostgreSQL is recovering after an unclean stop (the stack was killed or crashed): it replays its ' +
            'write-ahead log before it accepts connections, which takes longer after heavy writing…',
        );
      }
      const progress = /redo in progress, elapsed time: [^\n]*/.exec(m);
      if (progress) log(`PostgreSQL recovery: ${progress[0]}`);
    },
  };
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  if (isNew) {
    try {
      await initCluster(options);
    } catch (err) {
      throw new Error(`PostgreSQL could not create its database: ${message(err)}`);
    }
  }
  pgLog.length = 0; // from here on, only the server's own lines
  let server: PostgresServer;
  try {
    server = await startServer(options);
  } catch (err) {
    const tail = pgLog.slice(-10).join('').trim();
    const after = reclaimed.unclean ? ' after an unclean stop' : '';
    throw new Error(`PostgreSQL did not start${after}: ${message(err)}${tail ? `\n${tail}` : ''}`);
  }
  if (recovering) log(`PostgreSQL recovered in ${((performance.now() - recovering) / 1000).toFixed(1)} s`);

  try {
    await bootstrap(url(SUPERUSER), log);
    await applyMigrations(config, url('postgres'), log);
    await applySeed(config, url('postgres'), log);
  } catch (err) {
    await server.stop();
    throw err;
  }

  const pool = (user: string, max: number) => {
    const p = new pg.Pool({ connectionString: url(user), max, idleTimeoutMillis: 30_000 });
    p.on('error', () => undefined); // a dropped idle connection must not crash the stack
    return p;
  };
  const admin = pool(SUPERUSER, 5);
  const authenticator = pool('authenticator', 20);
  const authAdmin = pool('supabase_auth_admin', 10);

  return {
    admin,
    authenticator,
    authAdmin,
    url,
    async stop() {
      await Promise.allSettled([admin.end(), authenticator.end(), authAdmin.end()]);
      await server.stop();
    },
  };
}

/** Platform SQL (local-supabase/src/sql/*.sql), re-applied whenever a file changes; the files are idempotent. */
async function bootstrap(superUrl: string, log: Log): Promise<void> {
  await withClient(superUrl, async (c) => {
    await c.query('create schema if not exists _local_supabase');
    await c.query('create table if not exists _local_supabase.bootstrap (name text primary key, hash text not null)');
    const done = new Map(
      (await c.query('select name, hash from _local_supabase.bootstrap')).rows.map((r) => [r.name, r.hash]),
    );
    for (const name of readdirSync(SQL_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const sql = readFileSync(path.join(SQL_DIR, name), 'utf8');
      const hash = sha(sql);
      if (done.get(name) === hash) continue;
      log(`platform: applying ${name}`);
      try {
        // The file and its record commit together: a kill in between must not leave one without the other.
        await applySqlFile(c, sql, {
          text: 'insert into _local_supabase.bootstrap (name, hash) values ($1, $2) on conflict (name) do update set hash = excluded.hash',
          values: [name, hash],
        });
      } catch (err) {
        throw new Error(`platform SQL ${name} failed: ${(err as Error).message}`);
      }
    }
  });
}

export function migrationFiles(config: StackConfig): { version: string; name: string; file: string }[] {
  const dir = path.join(config.projectDir, 'supabase/migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const m = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version: m[1]!, name: m[2]!, file: path.join(dir, f) };
    });
}

/** Applies supabase/migrations/*.sql not yet recorded, as `postgres`, each in one transaction, like `supabase db push`. */
async function applyMigrations(config: StackConfig, postgresUrl: string, log: Log): Promise<void> {
  await withClient(postgresUrl, async (c) => {
    const applied = new Set(
      (await c.query('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    for (const m of migrationFiles(config)) {
      if (applied.has(m.version)) continue;
      log(`migration: applying ${m.version}_${m.name}`);
      const sql = readFileSync(m.file, 'utf8');
      await c.query('begin');
      try {
        await c.query(sql);
        await c.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [m.version, m.name, [sql]],
        );
        await c.query('commit');
      } catch (err) {
        await c.query('rollback').catch(() => undefined);
        throw new Error(`migration ${m.version}_${m.name} failed: ${(err as Error).message}`);
      }
    }
    await c.query("notify pgrst, 'reload schema'");
  });
}

/** supabase/seed.sql runs once on a new database (as `supabase start` does); db:reset runs it again. */
async function applySeed(config: StackConfig, postgresUrl: string, log: Log): Promise<void> {
  const file = path.join(config.projectDir, 'supabase/seed.sql');
  if (!existsSync(file)) return;
  const sql = readFileSync(file, 'utf8');
  await withClient(postgresUrl, async (c) => {
    const row = (
      await c.query('select hash from supabase_migrations.seed_files where path = $1', ['supabase/seed.sql'])
    ).rows[0];
    if (row) {
      if (row.hash !== sha(sql))
        log('seed: supabase/seed.sql changed since it was applied; run `npm run db:reset` to apply it');
      return;
    }
    log('seed: applying supabase/seed.sql');
    try {
      // Seed and record in one transaction: a seed committed but not recorded would run again on the next start
      // (a kill in between) and fail on its own rows.
      await applySqlFile(c, sql, {
        text: 'insert into supabase_migrations.seed_files (path, hash) values ($1, $2)',
        values: ['supabase/seed.sql', sha(sql)],
      });
    } catch (err) {
      throw new Error(`seed failed: ${(err as Error).message}`);
    }
  });
}

/** Removes the database and stored files so the next start rebuilds from migrations and seed. */
export function wipeData(config: StackConfig): void {
  const dir = dbDirOf(config);
  const running = livePostmaster(dir);
  if (running) throw new Error(`Cannot remove the database: PostgreSQL (pid ${running}) is still running on it.`);
  // Under /var/lib/local-supabase the cluster has a folder of its own (<hash>/db): remove that folder too.
  rmSync(dir.startsWith(`${SHARED_ROOT}/`) ? path.dirname(dir) : dir, { recursive: true, force: true });
  rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
}
