import pg from 'pg';
import { stackConfig } from './clients.ts';

/**
 * Direct SQL on the test stack's database, as `postgres` (the role migrations run as) unless another
 * user is named. For fixtures and for checking that a refused request changed nothing.
 */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
  user: 'postgres' | 'supabase_admin' = 'postgres',
): Promise<T[]> {
  const client = new pg.Client({
    connectionString: `postgresql://${user}:postgres@${stackConfig.host}:${stackConfig.dbPort}/postgres`,
  });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
