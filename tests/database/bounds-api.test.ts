import { createClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_URL, nodeOptions, signUserJwt, stackConfig } from '@good-space/local-supabase/testing';
import { BOUNDS, SCOPE } from './bounds.data.ts';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * The product's bounds (docs/product.md, Limits) through the API, as the app sends them: at the limit the insert succeeds; just past it the
 * answer is HTTP 400 with the constraint's SQLSTATE and no row is added.
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

async function count(table: string): Promise<number> {
  const [col, value] = SCOPE[table]!(w);
  return (await c.query<{ n: number }>(`select count(*)::int as n from public.${table} where ${col} = $1`, [value]))
    .rows[0]!.n;
}

describe('the product bounds through the API', () => {
  for (const b of BOUNDS) {
    it(b.name, async () => {
      const attempt = async (value: unknown) => {
        const token = await signUserJwt(w[b.who]);
        const client = createClient(API_URL, stackConfig.publishableKey, {
          ...nodeOptions,
          global: { headers: { Authorization: `Bearer ${token}` } },
        });
        return client.from(b.table).insert({ ...b.row(w), [b.field]: value });
      };
      for (const v of b.bad) {
        if (b.setup) await c.query(b.setup(w));
        const before = await count(b.table);
        const r = await attempt(v);
        expect({ status: r.status, code: r.error?.code }, `${b.field} = ${JSON.stringify(v)?.slice(0, 40)}`).toEqual({
          status: 400,
          code: b.code,
        });
        expect(await count(b.table)).toBe(before);
        if (b.setup) {
          await destroyWorld(c, w);
          w = await buildWorld(c);
        }
      }
      for (const v of b.ok) {
        if (b.setup) await c.query(b.setup(w));
        const r = await attempt(v);
        expect({ status: r.status, error: r.error }, `${b.field} = ${JSON.stringify(v)?.slice(0, 40)}`).toEqual({
          status: 201,
          error: null,
        });
        await destroyWorld(c, w);
        w = await buildWorld(c);
      }
    });
  }

  it('a hard cap refusal reaches the app with its message; a duplicate nudge is 409 / 23505', async () => {
    const owner = createClient(API_URL, stackConfig.publishableKey, {
      ...nodeOptions,
      global: { headers: { Authorization: `Bearer ${await signUserJwt(w.owner)}` } },
    });
    const over = await owner
      .from('project_items')
      .insert({ project_id: w.activeProject, name: 'Sofa', cost: 900, added_by: w.owner });
    expect(over).toMatchObject({
      status: 400,
      error: { code: '23514', message: 'Cannot add item: Would exceed hard budget cap of $1000' },
    });
    const dup = await owner
      .from('designer_nudges')
      .insert({ client_id: w.owner, designer_id: w.assigned, project_id: w.pendingProject, status: 'pending' });
    expect(dup).toMatchObject({ status: 409, error: { code: '23505' } });
    const accepted = await owner.rpc('accept_bid', { bid_id: w.bid });
    expect(accepted).toMatchObject({
      status: 200,
      data: { id: w.pendingProject, status: 'active', designer_id: w.assigned },
    });
    const again = await owner.rpc('accept_bid', { bid_id: w.bid });
    expect(again).toMatchObject({ status: 400, error: { code: '23514' } });
    await destroyWorld(c, w);
    w = await buildWorld(c);
  });
});
