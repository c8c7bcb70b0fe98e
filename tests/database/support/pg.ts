import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { stackConfig } from '@good-space/local-supabase/testing';

/** A dedicated connection as `postgres` (the role migrations run as; member of anon/authenticated/service_role). */
export async function connect(): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: `postgresql://postgres:postgres@${stackConfig.host}:${stackConfig.dbPort}/postgres`,
  });
  await client.connect();
  return client;
}

export type Actor = { role: 'anon' } | { role: 'service_role' } | { role: 'authenticated'; sub: string };

/**
 * Switches the current transaction to what PostgREST does for a request: SET LOCAL ROLE and the JWT claims.
 * Must run inside BEGIN … (COMMIT|ROLLBACK).
 */
export async function actAs(client: pg.Client, actor: Actor): Promise<void> {
  const claims =
    actor.role === 'authenticated'
      ? { sub: actor.sub, role: 'authenticated', aud: 'authenticated' }
      : { role: actor.role };
  await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
    actor.role,
    JSON.stringify(claims),
  ]);
}

export interface Outcome {
  ok: boolean;
  rowCount: number;
  rows: Record<string, unknown>[];
  code?: string;
  message?: string;
}

/** Runs `fn` as `actor` in a transaction that is always rolled back (nothing a cell does survives). */
export async function inRolledBackTx(
  client: pg.Client,
  actor: Actor,
  text: string | [string, unknown[]][],
  params: unknown[] = [],
  setup?: string,
): Promise<Outcome> {
  await client.query('begin');
  try {
    if (setup) await client.query(setup);
    await actAs(client, actor);
    // Several statements see each other's effects (one statement sees only its own snapshot).
    const steps: [string, unknown[]][] = typeof text === 'string' ? [[text, params]] : text;
    let r!: pg.QueryResult;
    for (const [t, p] of steps) r = await client.query(t, p);
    return { ok: true, rowCount: r.rowCount ?? 0, rows: r.rows };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { ok: false, rowCount: 0, rows: [], code: e.code, message: e.message };
  } finally {
    await client.query('rollback');
  }
}

/** Runs as `actor` and commits (for tests that need effects, e.g. races). */
export async function asActor(client: pg.Client, actor: Actor, text: string, params: unknown[] = []): Promise<Outcome> {
  await client.query('begin');
  try {
    await actAs(client, actor);
    const r = await client.query(text, params);
    await client.query('commit');
    return { ok: true, rowCount: r.rowCount ?? 0, rows: r.rows };
  } catch (err) {
    await client.query('rollback');
    const e = err as { code?: string; message?: string };
    return { ok: false, rowCount: 0, rows: [], code: e.code, message: e.message };
  }
}

export const user = (sub: string): Actor => ({ role: 'authenticated', sub });

/**
 * Creates an auth user the way GoTrue does (insert into auth.users; the sign-up trigger makes the profile,
 * role and role profile). Returns its id.
 */
export async function createUser(
  client: pg.Client,
  opts: {
    role?: string;
    fullName?: string;
    email?: string;
    meta?: Record<string, unknown>;
    subscribe?: 'client' | 'designer';
  } = {},
): Promise<string> {
  const id = randomUUID();
  const email = opts.email ?? `${id.slice(0, 8)}@test.goodspace.local`;
  const meta = {
    full_name: opts.fullName ?? `User ${id.slice(0, 4)}`,
    username: `u${id.slice(0, 6)}`,
    ...(opts.role ? { role: opts.role } : {}),
    ...opts.meta,
  };
  await client.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, extensions.crypt('Passw0rd!', extensions.gen_salt('bf', 4)), now(),
             '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [id, email, JSON.stringify(meta)],
  );
  if (opts.subscribe) await subscribe(client, id, opts.subscribe);
  return id;
}

export async function subscribe(
  client: pg.Client,
  userId: string,
  plan: 'client' | 'designer',
  status = 'active',
): Promise<void> {
  await client.query(
    `insert into public.subscriptions (user_id, plan, status, provider, current_period_end)
     values ($1, $2, $3, 'sandbox', now() + interval '30 days')
     on conflict (user_id, plan) do update set status = excluded.status, current_period_end = excluded.current_period_end`,
    [userId, plan, status],
  );
}

export async function deleteUsers(client: pg.Client, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query('begin');
  try {
    await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    await client.query(`delete from storage.objects where owner_id = any($1::text[])`, [ids]);
    await settleHeldOrders(client, ids);
    await client.query('delete from auth.users where id = any($1::uuid[])', [ids]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

/**
 * An account is not deleted while an order of it waits for its handover or a decision (docs/orders.md, account
 * deletion): the people's held orders are cancelled and refunded first, as the seller's Cancel and refund would,
 * so a test's clean-up can delete them. Chargebacks' freezes are lifted with them.
 */
export async function settleHeldOrders(client: pg.Client, ids: string[]): Promise<void> {
  await client.query(
    `update public.orders
        set status = 'cancelled', refund_reason = 'seller_cancelled', refunded_at = now(), cancelled_at = now(),
            refunded_amount = amount - released_amount, frozen_at = null
      where (buyer_id = any($1::uuid[]) or seller_id = any($1::uuid[])) and status in ('paid', 'collected', 'disputed')`,
    [ids],
  );
}
