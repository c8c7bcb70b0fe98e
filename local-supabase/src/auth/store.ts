import pg from 'pg';

const defaultTypes = pg.types;

export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

// timestamptz (1184) and timestamp (1114) come back as text, so the JSON can carry the microseconds
// GoTrue prints (Go RFC 3339 with nanoseconds, trailing zeros trimmed, `Z`).
const TEXT_TIMESTAMPS = 1184;
const TEXT_TIMESTAMP = 1114;

export function goTime(pgText: string | null | undefined): string | null {
  if (!pgText) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(?:([+-]\d{2})(?::?(\d{2}))?)?$/.exec(pgText);
  if (!m) return pgText;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const offset = !m[4] || (m[4] === '+00' && (!m[5] || m[5] === '00')) ? 'Z' : `${m[4]}:${m[5] ?? '00'}`;
  return `${m[1]}T${m[2]}${frac === '.' ? '' : frac}${offset}`;
}

export async function q<T extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const res = await db.query<T>({
    text,
    values,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === TEXT_TIMESTAMPS || oid === TEXT_TIMESTAMP
          ? (v: string) => v
          : (defaultTypes.getTypeParser as (o: number, f?: string) => unknown)(oid, format)) as never,
    },
  });
  return res.rows;
}

/** Runs fn in one transaction on a dedicated client. */
export async function transaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out = await fn(client);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Errors that must not roll back what was written before them (GoTrue's storage.NewCommitWithError). */
export class CommitWithError extends Error {
  constructor(readonly inner: Error) {
    super(inner.message);
  }
}

export async function transactionCommitOnError<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    let out: T;
    try {
      out = await fn(client);
    } catch (err) {
      if (err instanceof CommitWithError) {
        await client.query('commit');
        throw err.inner;
      }
      throw err;
    }
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
