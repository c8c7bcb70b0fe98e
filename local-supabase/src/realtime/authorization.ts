import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * Private channels' authorization, as hosted's Realtime.Tenants.Authorization runs it: row-level security on
 * realtime.messages, evaluated as the user's role and claims with `realtime.topic()` = the channel's topic, in
 * a transaction that is always rolled back (nothing is ever left in realtime.messages).
 * - read (join): probe rows ('broadcast', and 'presence' when presence is on) are inserted as the superuser,
 *   then selected by id as the user: the select policy decides what the user may receive.
 * - write (first send, first track, HTTP broadcast): one insert per extension as the user, each in a savepoint:
 *   the insert policy decides; "insufficient privilege" (a policy said no) is a plain "not allowed".
 * `null` means not evaluated yet, as hosted keeps it.
 */
export type Extension = 'broadcast' | 'presence';

export interface Policies {
  broadcast: { read: boolean | null; write: boolean | null };
  presence: { read: boolean | null; write: boolean | null };
}

export function emptyPolicies(): Policies {
  return { broadcast: { read: null, write: null }, presence: { read: null, write: null } };
}

export interface AuthorizationContext {
  topic: string;
  role: string;
  claims: Record<string, unknown>;
  sub: string | null;
  /** The connection's x-* request headers (hosted sets request.headers from the socket's x_headers). */
  headers: Record<string, string>;
}

/** A policy (or the check itself) raised: hosted logs RlsPolicyError and treats the user as not allowed. */
export class AuthorizationError extends Error {}

async function setConfig(client: pg.PoolClient, ctx: AuthorizationContext): Promise<void> {
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $5, true), set_config('request.headers', $6, true)`,
    [ctx.role, ctx.topic, JSON.stringify(ctx.claims), ctx.sub ?? '', ctx.role, JSON.stringify(ctx.headers)],
  );
}

export async function readAuthorizations(
  pool: pg.Pool,
  ctx: AuthorizationContext,
  policies: Policies,
  extensions: Extension[],
): Promise<Policies> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const ids = extensions.map(() => randomUUID());
    try {
      await client.query(
        `insert into realtime.messages (id, topic, extension)
         select i, $2, e from unnest($1::uuid[], $3::text[]) as p(i, e)`,
        [ids, ctx.topic, extensions],
      );
      await setConfig(client, ctx);
      const seen = await client.query<{ id: string }>('select id from realtime.messages where id = any($1::uuid[])', [
        ids,
      ]);
      const visible = new Set(seen.rows.map((r) => r.id));
      const next = structuredClone(policies);
      extensions.forEach((ext, i) => (next[ext].read = visible.has(ids[i]!)));
      return next;
    } catch (err) {
      throw new AuthorizationError((err as Error).message);
    }
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

export async function writeAuthorizations(
  pool: pg.Pool,
  ctx: AuthorizationContext,
  policies: Policies,
  extensions: Extension[] = ['broadcast', 'presence'],
): Promise<Policies> {
  const client = await pool.connect();
  const next = structuredClone(policies);
  try {
    await client.query('begin');
    await setConfig(client, ctx);
    for (const ext of ['broadcast', 'presence'] as const) {
      if (!extensions.includes(ext)) {
        next[ext].write = false;
        continue;
      }
      await client.query('savepoint probe');
      try {
        await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [ctx.topic, ext]);
        next[ext].write = true;
      } catch (err) {
        if ((err as { code?: string }).code !== '42501') throw new AuthorizationError((err as Error).message);
        next[ext].write = false;
      }
      await client.query('rollback to savepoint probe');
    }
    return next;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
