import { asDatabaseOwner } from './api.ts';
import type { TestUser } from './users.ts';

/**
 * Makes `user` a Good Space operator the only way there is: SQL as the database owner, never through the API
 * (docs/trust-and-safety.md, Operators).
 */
export async function makeOperator(user: TestUser): Promise<void> {
  await asDatabaseOwner((db) => db.query('insert into private.operators (user_id) values ($1)', [user.id]));
}
