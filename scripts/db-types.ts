/**
 * `npm run db:types`: regenerates src/types/database.ts from the migrations, with the generator
 * `supabase gen types typescript --local` runs.
 *
 * The Supabase CLI runs postgres-meta's server with PG_META_GENERATE_TYPES=typescript,
 * PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS=public and PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS=true;
 * that server (dist/server/server.js, getTypeOutput) is a thin wrapper around @supabase/postgrest-typegen:
 * introspect → sortGeneratorMetadata → generateTypescript. We call the library directly with the same
 * options instead of installing postgres-meta (a Fastify server with Sentry's native profiler, ~200 MB),
 * so the output is the CLI's byte for byte.
 *
 * The database is a throw-away one (own ports and data folder, rebuilt from supabase/migrations each run),
 * so a developer's data and a running `npm start` are never touched.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { introspect } from '@supabase/postgrest-typegen/introspection';
import { generateTypescript, sortGeneratorMetadata } from '@supabase/postgrest-typegen/generation';
import pg from 'pg';
import { repoRoot } from './lib/repo-root.ts';

/** PostgREST version the local stack reproduces (and the CLI's local stack runs): emitted as __InternalSupabase. */
export const POSTGREST_VERSION = '14.12';
export const DATABASE_TYPES_FILE = 'src/types/database.ts';

export async function generateDatabaseTypes(dbUrl: string): Promise<string> {
  // A pool, as postgres-meta uses: introspection runs its catalogue queries concurrently.
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  try {
    const metadata = sortGeneratorMetadata(await introspect(pool, { includedSchemas: ['public'] }));
    return await generateTypescript(metadata, {
      detectOneToOneRelationships: true,
      postgrestVersion: POSTGREST_VERSION,
      defaultSchema: 'public',
    });
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  // Only the database is needed: start no HTTP services.
  process.env.LOCAL_SUPABASE_SERVICES = '';
  const { loadConfig, startStack, wipeData } = await import('@good-space/local-supabase');
  const base = Number(process.env.DB_TYPES_PORT_BASE ?? 56520);
  const config = loadConfig({
    apiPort: base + 1,
    dbPort: base + 2,
    inboxPort: base + 4,
    dataDir: path.join('.data', 'db-types'),
  });
  wipeData(config);
  const stack = await startStack(config, () => undefined);
  try {
    const types = await generateDatabaseTypes(config.dbUrl);
    const out = path.join(repoRoot, DATABASE_TYPES_FILE);
    writeFileSync(out, types);
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
