import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { DEFAULT_PUBLISHABLE_KEY } from '@good-space/local-supabase';
import { E2E_API_URL, E2E_PORT_BASE } from '../stack-ports.ts';
import type { TestUser } from './users.ts';

// What journeys do besides the pages: a person's own client for the steps a journey arranges through the API, and
// SQL as the database owner for what no user can do (making an operator, moving time, settling held money).

/** supabase-js in Node as `user` (their own session, their own RLS), as the app would call on their behalf. */
export async function clientAs(user: TestUser): Promise<SupabaseClient> {
  const client = createClient(E2E_API_URL, DEFAULT_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket: supabase-js needs ws for realtime there.
    realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
  });
  const { error } = await client.auth.setSession(user.session);
  if (error) throw error;
  return client;
}

export async function ok<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data as NonNullable<T>;
}

/** SQL as the database owner (the stack's Postgres listens on the port base + 2), as support/operators.ts does. */
export async function asDatabaseOwner<T>(run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${E2E_PORT_BASE + 2}/postgres`,
  });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

/**
 * Before the fixture deletes a journey's users: what Good Space still holds of their milestones (a journey that
 * failed half way) is counted as refunded, since the database refuses to delete an account with held money
 * (docs/milestones.md). A journey that passed has settled every milestone itself; this changes nothing then.
 */
export async function settleHeldMilestones(users: TestUser[]): Promise<void> {
  await asDatabaseOwner((db) =>
    db.query(
      `update public.project_milestones
          set status = 'refunded', refunded_amount = amount - released_amount, auto_release_at = null
        where (customer_id = any($1::uuid[]) or designer_id = any($1::uuid[]))
          and status in ('funded', 'submitted', 'changes_requested', 'disputed')`,
      [users.map((user) => user.id)],
    ),
  );
}

/**
 * Before the fixture deletes a journey's users: their Good Stuff orders still waiting for the handover or in
 * dispute (a journey that failed half way, or one that leaves an order paid) are closed as refunded, since the
 * database refuses to delete an account with such an order (docs/orders.md). Paid ones are cancelled as the seller
 * would; collected or disputed ones are refunded what is still held. Nothing moves at the provider: these are the
 * test's own sandbox rows. A chargeback's freeze is lifted with them.
 */
export async function settleHeldOrders(users: TestUser[]): Promise<void> {
  await asDatabaseOwner((db) =>
    db.query(
      `update public.orders
          set status = case when status = 'paid' then 'cancelled' else 'refunded' end,
              refund_reason = case when status = 'paid' then 'seller_cancelled' else 'problem' end,
              cancelled_at = case when status = 'paid' then now() else cancelled_at end,
              refunded_at = now(),
              refunded_amount = amount - released_amount,
              frozen_at = null
        where (buyer_id = any($1::uuid[]) or seller_id = any($1::uuid[]))
          and status in ('paid', 'collected', 'disputed')`,
      [users.map((user) => user.id)],
    ),
  );
}
