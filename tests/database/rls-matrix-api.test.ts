import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  API_URL,
  nodeOptions,
  serviceClient,
  signUserJwt,
  stackConfig,
} from '@good-space/local-supabase/testing';
import { OPS, RLS_MATRIX, WHO, type Op, type TableSpec, type Who } from './rls-matrix.data.ts';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * The same RLS matrix (rls-matrix.data.ts) through the API with supabase-js, as the app calls it: anon key,
 * signed-in users' bearer tokens, the service key. A write cell that changed something (or needed set-up)
 * is followed by a fresh world, so every cell starts from the same data. Whether a row changed is read back
 * with SQL, so a "denied" write is proven to have changed nothing.
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

async function rebuild() {
  await destroyWorld(c, w);
  w = await buildWorld(c);
}

async function clientFor(who: Who): Promise<SupabaseClient> {
  if (who === 'anon') return anonClient();
  if (who === 'service') return serviceClient();
  const token = await signUserJwt(w[who]);
  return createClient(API_URL, stackConfig.publishableKey, {
    ...nodeOptions,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

async function snapshot(spec: TableSpec): Promise<string | null> {
  const key = spec.key(w);
  const cols = Object.keys(key);
  const r = await c.query(
    `select to_jsonb(t)::text as j from public.${spec.table} t where ${cols.map((k, i) => `${k} = $${i + 1}`).join(' and ')}`,
    Object.values(key),
  );
  return r.rows[0]?.j ?? null;
}

async function attempt(spec: TableSpec, op: Op, who: Who): Promise<{ allowed: boolean; dirty: boolean }> {
  const cell = spec[op];
  const client = await clientFor(who);
  const me =
    who === 'anon' ? '00000000-0000-0000-0000-000000000000' : who === 'service' ? w[spec.serviceActsAs] : w[who];
  const key = spec.key(w);
  const setup = cell.setup?.(w);
  if (setup) await c.query(setup);
  const fail = (e: { code?: string; message?: string }) => {
    if (e.code !== '42501') throw new Error(`${spec.table}.${op} as ${who}: unexpected ${e.code} ${e.message}`);
  };
  if (op === 'select') {
    const { data, error } = await client.from(spec.table).select(spec.columns ?? '*').match(key);
    if (error) fail(error);
    return { allowed: !error && (data?.length ?? 0) > 0, dirty: Boolean(setup) };
  }
  if (op === 'insert') {
    const { error } = await client.from(spec.table).insert(cell.values!(w, me));
    if (error) fail(error);
    return { allowed: !error, dirty: true };
  }
  const before = await snapshot(spec);
  const { error } =
    op === 'update'
      ? await client.from(spec.table).update(cell.set!).match(key)
      : await client.from(spec.table).delete().match(key);
  if (error) fail(error);
  const after = await snapshot(spec);
  const changed = before !== after;
  if (error && changed) throw new Error(`${spec.table}.${op} as ${who}: refused but the row changed`);
  return { allowed: changed, dirty: changed || Boolean(setup) };
}

describe('RLS matrix through the API (supabase-js)', () => {
  for (const spec of RLS_MATRIX) {
    describe(spec.table, () => {
      for (const op of OPS) {
        it(`${op}: ${spec[op].allow.join(', ')}`, async () => {
          const got: Record<string, string> = {};
          const want: Record<string, string> = {};
          for (const who of WHO) {
            const { allowed, dirty } = await attempt(spec, op, who);
            got[who] = allowed ? 'allow' : 'deny';
            want[who] = spec[op].allow.includes(who) ? 'allow' : 'deny';
            if (dirty) await rebuild();
          }
          expect(got).toEqual(want);
        });
      }
    });
  }

  it('anon gets 401 with code 42501, a signed-in stranger an empty list, not an error', async () => {
    const anon = await anonClient().from('projects').select('id');
    expect(anon).toMatchObject({ status: 401, error: { code: '42501' } });
    const stranger = await (await clientFor('otherCustomer')).from('projects').select('id').eq('id', w.activeProject);
    expect(stranger).toMatchObject({ status: 200, data: [] });
  });
});
