import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS, RLS_MATRIX, WHO, type Op, type TableSpec, type Who } from './rls-matrix.data.ts';
import { connect, inRolledBackTx, type Actor, type Outcome } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * Every table × operation × role of rls-matrix.data.ts, run the way PostgREST runs a request (SET LOCAL ROLE +
 * request.jwt.claims in a transaction), each cell rolled back so cells never influence each other.
 */
let c: pg.Client;
let w: World;

beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
});
afterAll(async () => {
  await destroyWorld(c, w);
  await c.end();
});

function actorOf(who: Who): { actor: Actor; me: string } {
  switch (who) {
    case 'anon':
      return { actor: { role: 'anon' }, me: '00000000-0000-0000-0000-000000000000' };
    case 'service':
      return { actor: { role: 'service_role' }, me: '' };
    default:
      return { actor: { role: 'authenticated', sub: w[who] }, me: w[who] };
  }
}

function where(key: Record<string, unknown>, offset = 0): { sql: string; params: unknown[] } {
  const cols = Object.keys(key);
  return { sql: cols.map((k, i) => `${k} = $${i + 1 + offset}`).join(' and '), params: Object.values(key) };
}

async function attempt(spec: TableSpec, op: Op, who: Who): Promise<{ allowed: boolean; outcome: Outcome }> {
  const cell = spec[op];
  const { actor, me: own } = actorOf(who);
  const me = who === 'service' ? w[spec.serviceActsAs] : own;
  const setup = cell.setup?.(w);
  const t = `public.${spec.table}`;
  let outcome: Outcome;
  if (op === 'select') {
    const k = where(spec.key(w));
    outcome = await inRolledBackTx(c, actor, `select 1 from ${t} where ${k.sql}`, k.params, setup);
  } else if (op === 'insert') {
    const values = cell.values!(w, me);
    const cols = Object.keys(values);
    outcome = await inRolledBackTx(
      c,
      actor,
      `insert into ${t} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(values),
      setup,
    );
  } else if (op === 'update') {
    const set = cell.set!;
    const cols = Object.keys(set);
    const k = where(spec.key(w), cols.length);
    outcome = await inRolledBackTx(
      c,
      actor,
      `update ${t} set ${cols.map((col, i) => `${col} = $${i + 1}`).join(', ')} where ${k.sql}`,
      [...Object.values(set), ...k.params],
      setup,
    );
  } else {
    const k = where(spec.key(w));
    outcome = await inRolledBackTx(c, actor, `delete from ${t} where ${k.sql}`, k.params, setup);
  }
  // A refusal is either "permission denied / violates row-level security" (42501) or no row seen/changed.
  // Any other error means the cell did not test what it claims to, so it fails the test.
  if (!outcome.ok && outcome.code !== '42501') {
    throw new Error(`${spec.table}.${op} as ${who}: unexpected ${outcome.code} ${outcome.message}`);
  }
  return { allowed: outcome.ok && outcome.rowCount > 0, outcome };
}

describe('RLS matrix', () => {
  for (const spec of RLS_MATRIX) {
    describe(spec.table, () => {
      for (const op of OPS) {
        it(`${op}: ${spec[op].allow.join(', ') || 'nobody'}`, async () => {
          const got: Record<string, string> = {};
          const want: Record<string, string> = {};
          for (const who of WHO) {
            const { allowed } = await attempt(spec, op, who);
            got[who] = allowed ? 'allow' : 'deny';
            want[who] = spec[op].allow.includes(who) ? 'allow' : 'deny';
          }
          expect(got).toEqual(want);
        });
      }
    });
  }

  it('covers every table in public', async () => {
    const tables = (
      await c.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)
    ).rows.map((r) => r.t);
    expect([...RLS_MATRIX.map((s) => s.table)].sort()).toEqual(tables);
  });

  it('anon is refused with 42501 (401 through the API), not an empty list', async () => {
    for (const spec of RLS_MATRIX.filter((s) => !s.select.allow.includes('anon'))) {
      const r = await inRolledBackTx(c, { role: 'anon' }, `select 1 from public.${spec.table} limit 1`);
      expect(r.code, spec.table).toBe('42501');
    }
  });
});
