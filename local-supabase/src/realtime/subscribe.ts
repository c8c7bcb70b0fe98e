import type pg from 'pg';
import { paramsToLog, type SubscriptionParams } from './filters.ts';
import { PUBLICATION } from './replication.ts';

/**
 * Checks a channel's postgres_changes bindings the way hosted Realtime does when it inserts them into
 * realtime.subscription (Subscriptions.create + the realtime.subscription_check_filters trigger): the tables
 * come from the publication (schema/table matched with LIKE, `*` for any), the claims' role must exist, every
 * filter column must be selectable by that role and every filter value must cast to the column's type.
 * All bindings succeed together or the first failure is reported, as in hosted's single transaction.
 */
export type ValidationResult = { ok: true; entities: number[][] } | { ok: false; message: string };

const CONDITION_NAMES: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '42704': 'undefined_object',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '2201B': 'invalid_regular_expression',
  '22023': 'invalid_parameter_value',
  '22001': 'string_data_right_truncation',
  '42883': 'undefined_function',
  '42846': 'cannot_coerce',
  '42601': 'syntax_error',
  '22P05': 'untranslatable_character',
  '22021': 'character_not_in_repertoire',
};

class RaisedError extends Error {
  readonly code = 'P0001';
}

/** Postgrex.Error's message: "ERROR <sqlstate> (<condition>) <message>". */
function postgrexMessage(err: unknown): string {
  const e = err as { code?: string; message?: string; severity?: string };
  const code = e.code ?? 'XX000';
  return `${e.severity ?? 'ERROR'} ${code} (${CONDITION_NAMES[code] ?? 'internal_error'}) ${e.message ?? String(err)}`;
}

async function checkEntity(client: pg.PoolClient, entity: number, role: string, p: SubscriptionParams): Promise<void> {
  await client.query('select $1::regrole', [role]);
  const cols = await client.query<{ name: string; regtype: string }>(
    `select a.attname::text as name, a.atttypid::regtype::text as regtype
       from pg_attribute a
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
        and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')
      order by a.attnum`,
    [entity, role],
  );
  const types = new Map(cols.rows.map((c) => [c.name, c.regtype]));
  for (const f of p.filters) {
    const type = types.get(f.column);
    if (!type) throw new RaisedError(`invalid column for filter ${f.column}`);
    if (f.op === 'in') {
      const r = await client.query<{ n: number | null }>(`select array_length($1::text::${type}[], 1) as n`, [f.value]);
      if ((r.rows[0]?.n ?? 0) > 100) throw new RaisedError('too many values for `in` filter. Maximum 100');
    } else if (f.op === 'is') {
      if (!['null', 'true', 'false', 'unknown'].includes(f.value)) {
        throw new RaisedError('invalid value for is filter: must be null, true, false, or unknown');
      }
      if (f.value !== 'null' && type !== 'boolean')
        throw new RaisedError(`is ${f.value} filter requires a boolean column, got ${type}`);
    } else if (f.op === 'like' || f.op === 'ilike') {
      const r = await client.query(`select 1 from pg_operator where oprname = '~~' and oprleft = $1::regtype`, [type]);
      if (r.rowCount === 0)
        throw new RaisedError(`operator ${f.op} requires a text-compatible column type, got ${type}`);
    } else if (f.op === 'match' || f.op === 'imatch') {
      const r = await client.query(
        `select 1 from pg_operator where oprname = $2 and oprleft = $1::regtype and oprright = $1::regtype and oprresult = 'boolean'::regtype`,
        [type, f.op === 'imatch' ? '~*' : '~'],
      );
      if (r.rowCount === 0)
        throw new RaisedError(`operator ${f.op} requires a text-compatible column type, got ${type}`);
      try {
        await client.query('savepoint regex_check');
        await client.query(`select '' ~ $1`, [f.value]);
        await client.query('release savepoint regex_check');
      } catch (err) {
        await client.query('rollback to savepoint regex_check');
        throw new RaisedError(`invalid regular expression for ${f.op} filter: ${(err as Error).message}`);
      }
    } else {
      await client.query(`select $1::text::${type}`, [f.value]);
    }
  }
  for (const col of p.select ?? []) {
    if (!types.has(col)) throw new RaisedError(`invalid column for select ${col}`);
  }
}

export async function validateBindings(
  pool: pg.Pool,
  bindings: SubscriptionParams[],
  role: string,
): Promise<ValidationResult> {
  const client = await pool.connect();
  try {
    await client.query('begin read only');
    const entities: number[][] = [];
    for (const p of bindings) {
      const tables = await client.query<{ oid: number }>(
        `select format('%I.%I', pub.schemaname, pub.tablename)::regclass::oid::int as oid
           from pg_publication_tables pub
          where pub.pubname = $1
            and pub.schemaname like (case $2 when '*' then '%' else $2 end) escape ''
            and pub.tablename like (case $3 when '*' then '%' else $3 end) escape ''`,
        [PUBLICATION, p.schema, p.table],
      );
      if (tables.rowCount === 0) {
        return {
          ok: false,
          message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(p)}]`,
        };
      }
      try {
        await client.query('savepoint binding');
        for (const t of tables.rows) await checkEntity(client, t.oid, role, p);
        await client.query('release savepoint binding');
      } catch (err) {
        await client.query('rollback to savepoint binding').catch(() => undefined);
        return {
          ok: false,
          message:
            'Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ' +
            `[${paramsToLog(p)}]. Exception: ${postgrexMessage(err)}`,
        };
      }
      entities.push(tables.rows.map((t) => t.oid));
    }
    return { ok: true, entities };
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
