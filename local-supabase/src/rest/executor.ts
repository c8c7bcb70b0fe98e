import pg from 'pg';

/**
 * One transaction per request, sent as one pipeline (node-postgres `pipeline: true`): BEGIN, the
 * set_config of role/claims/request GUCs, the db-pre-request call, the statement(s), and COMMIT go out together, so a request
 * costs one round trip to Postgres, as PostgREST's hasql pipeline does. Statements are prepared by name
 * once per connection (keyed by their SQL text, which carries no values).
 */

export interface Statement {
  text: string;
  values: unknown[];
}

export interface TxRequest {
  readOnly: boolean;
  /** GUCs set with is_local = true, in order. */
  settings: [string, string][];
  /**
   * `select <db-pre-request>()`, run after the GUCs and before the statements, in the same transaction
   * (PostgREST's MainTx: tx vars, then the pre-request, then the main query); its error is the request's.
   */
  preRequest?: string | null;
  statements: Statement[];
  /**
   * Decides after the statements whether to commit. When absent, COMMIT is pipelined too (an error in a
   * statement turns it into a rollback on the server).
   */
  decide?: (results: pg.QueryResult[]) => 'commit' | 'rollback';
}

const SET_CONFIG_SQL = 'select set_config(k, v, true) from unnest($1::text[], $2::text[]) as pgrst_cfg(k, v)';
const MAX_NAMED = 20_000;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `pgrst_${names.size}`;
    names.set(text, name);
  }
  return name;
}

function prepared(text: string, values: unknown[]): pg.QueryConfig {
  const name = statementName(text);
  return name ? { name, text, values } : { text, values };
}

export function createPipelinePool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, pipeline: true } as pg.PoolConfig);
  pool.on('error', () => undefined); // a dropped idle connection must not crash the stack
  return pool;
}

export async function runTransaction(pool: pg.Pool, req: TxRequest): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  let destroy = false;
  try {
    const begin = client.query(
      req.readOnly ? 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY' : 'BEGIN ISOLATION LEVEL READ COMMITTED',
    );
    const cfg = client.query(prepared(SET_CONFIG_SQL, [req.settings.map((s) => s[0]), req.settings.map((s) => s[1])]));
    const pre = req.preRequest ? [client.query(prepared(req.preRequest, []))] : [];
    const main = req.statements.map((s) => client.query(prepared(s.text, s.values)));
    const end = req.decide ? null : client.query('COMMIT');
    const settled = await Promise.allSettled([begin, cfg, ...pre, ...main, ...(end ? [end] : [])]);
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (settled[0]!.status === 'rejected') {
      destroy = true;
      throw (settled[0] as PromiseRejectedResult).reason;
    }
    const first = 2 + pre.length;
    const results = settled.slice(first, first + main.length).map((s) => (s.status === 'fulfilled' ? s.value : null));
    if (failure) {
      // With COMMIT pipelined, the server already ended the failed transaction; otherwise end it here.
      if (!end) await client.query('ROLLBACK');
      throw failure.reason;
    }
    if (!end) {
      const verdict = req.decide!(results as pg.QueryResult[]);
      await client.query(verdict === 'commit' ? 'COMMIT' : 'ROLLBACK');
    }
    return results as pg.QueryResult[];
  } catch (err) {
    // A server error leaves the connection usable; anything else (socket, protocol) does not.
    if (!(err && typeof err === 'object' && 'severity' in err)) destroy = true;
    throw err;
  } finally {
    client.release(destroy);
  }
}
