import pg from 'pg';
import { E2E_PORT_BASE } from '../stack-ports.ts';
import type { TestUser } from './users.ts';

/**
 * Makes `user` a Good Space operator the only way there is: SQL as the database owner, never through the API
 * (docs/trust-and-safety.md, Operators). The stack's Postgres listens on the port base + 2.
 */
export async function makeOperator(user: TestUser): Promise<void> {
  const db = new pg.Client({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${E2E_PORT_BASE + 2}/postgres`,
  });
  await db.connect();
  try {
    await db.query('insert into private.operators (user_id) values ($1)', [user.id]);
  } finally {
    await db.end();
  }
}
