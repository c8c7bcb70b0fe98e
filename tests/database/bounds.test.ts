import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, inRolledBackTx, user } from './support/pg.ts';
import { BOUNDS, SCOPE } from './bounds.data.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * The product's bounds (docs/product.md, Limits and each section's form rules), each at its limit (accepted) and just past it (refused with the right SQLSTATE,
 * which PostgREST turns into HTTP 400; nothing changes). Attempts run as the user the app would act as.
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

describe('the product bounds', () => {
  for (const b of BOUNDS) {
    it(b.name, async () => {
      const before = await count(b.table);
      const attempt = (value: unknown) => {
        const row = { ...b.row(w), [b.field]: value };
        const cols = Object.keys(row);
        return inRolledBackTx(
          c,
          user(w[b.who]),
          `insert into public.${b.table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(row),
          b.setup?.(w),
        );
      };
      for (const v of b.ok) {
        const r = await attempt(v);
        expect(r, `${b.field} = ${JSON.stringify(v)?.slice(0, 40)} should be accepted`).toMatchObject({
          ok: true,
          rowCount: 1,
        });
      }
      for (const v of b.bad) {
        const r = await attempt(v);
        expect(r, `${b.field} = ${JSON.stringify(v)?.slice(0, 40)} should be refused`).toMatchObject({
          ok: false,
          code: b.code,
        });
      }
      expect(await count(b.table)).toBe(before);
    });
  }

  it('a message is stored trimmed', async () => {
    const r = await inRolledBackTx(
      c,
      user(w.owner),
      `insert into public.messages (project_id, sender_id, content) values ($1, $2, $3) returning content`,
      [w.activeProject, w.owner, '  hello there \n'],
    );
    expect(r.rows[0]).toEqual({ content: 'hello there' });
  });

  it('budget type defaults to soft and rating to 5', async () => {
    const p = await inRolledBackTx(
      c,
      user(w.owner),
      `insert into public.projects (customer_id, title, description, location, space_size, budget, status)
       values ($1, 'Default type', 'Checks the default budget type', 'Austin', 10, 10, 'pending') returning budget_type`,
      [w.owner],
    );
    expect(p.rows[0]).toEqual({ budget_type: 'soft' });
    const r = await inRolledBackTx(
      c,
      user(w.owner),
      `insert into public.reviews (project_id, designer_id, client_id) values ($1, $2, $3) returning rating`,
      [w.completedProject, w.assigned, w.owner],
      `delete from public.reviews where id = '${w.review}'`,
    );
    expect(r.rows[0]).toEqual({ rating: 5 });
  });

  it('nudge quote > 0 with cents; accepting needs a quote', async () => {
    const answer = (set: string, params: unknown[]) =>
      inRolledBackTx(c, user(w.assigned), `update public.designer_nudges set ${set} where id = $1`, [
        w.nudge,
        ...params,
      ]);
    expect(await answer(`status = 'accepted', quote_amount = $2`, [0.01])).toMatchObject({ ok: true, rowCount: 1 });
    expect(await answer(`status = 'accepted', quote_amount = $2, quote_message = null`, [2500])).toMatchObject({
      ok: true,
      rowCount: 1,
    });
    for (const bad of [0, -100, 10.001]) {
      expect(await answer(`status = 'accepted', quote_amount = $2`, [bad])).toMatchObject({ ok: false, code: '23514' });
    }
    expect(await answer(`status = 'accepted', quote_amount = null`, [])).toMatchObject({ ok: false, code: '23514' });
    expect(await answer(`status = 'declined'`, [])).toMatchObject({ ok: true, rowCount: 1 });
  });
});
