import type pg from 'pg';
import type { Caller } from './auth.ts';
import { fromPgError } from './errors.ts';

/** What hosted puts in request.* / storage.operation for policies to read (internal/database/connection.ts). */
export interface RequestScope {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  operation: string;
}

export type Tx = pg.PoolClient;

class Rollback extends Error {
  constructor(readonly result: unknown) {
    super('rollback');
  }
}

/**
 * Every database step of a request runs in a transaction on the authenticator pool that first switches to the
 * caller's role and claims (both `request.jwt.claims` and `request.jwt.claim.sub/role`, as hosted storage
 * does), so the storage.objects / storage.buckets policies decide. "Superuser" steps run the same way as
 * service_role, which bypasses RLS, exactly as hosted's asSuperUser().
 */
export class StorageDb {
  constructor(private readonly pool: pg.Pool) {}

  async tx<T>(caller: Caller, scope: RequestScope, fn: (c: Tx) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw fromPgError(e);
    }
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
                set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
                set_config('request.method', $6, true), set_config('request.path', $7, true),
                set_config('storage.operation', $8, true), set_config('storage.allow_delete_query', 'true', true)`,
        [
          caller.role,
          caller.jwt,
          typeof caller.payload.sub === 'string' ? caller.payload.sub : '',
          JSON.stringify(caller.payload),
          JSON.stringify(scope.headers),
          scope.method,
          scope.path,
          scope.operation,
        ],
      );
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      if (e instanceof Rollback) return e.result as T;
      throw fromPgError(e);
    } finally {
      client.release();
    }
  }

  /** Runs `fn` as the caller and rolls back: hosted's testPermission (e.g. "may this user insert that row?"). */
  testPermission<T>(caller: Caller, scope: RequestScope, fn: (c: Tx) => Promise<T>): Promise<T> {
    return this.tx(caller, scope, async (c) => {
      throw new Rollback(await fn(c));
    });
  }
}
