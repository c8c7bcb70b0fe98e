import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCursor, nextCursor, type KeysetCursor } from '../../src/lib/keyset-cursor.ts';
import { clientAs } from '@good-space/local-supabase/testing';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * The designer's open projects are paged by keyset (src/features/projects/api/get-available-projects.ts): each
 * page starts after the last row of the one before. Projects posted at the same instant (one transaction, a
 * bulk import) must still come once each, in order, across a page boundary.
 */
const PAGE = 24;
const TIED = 30;
let c: pg.Client;
let w: World;
let tied: string[] = [];
beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
  tied = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, title, description, location, space_size, budget, status, created_at)
       select $1, 'Tied ' || g, 'Posted in one go', 'Portland, OR', 300, 800, 'pending', '2001-01-01T00:00:00.123456Z'
         from generate_series(1, ${TIED}) g returning id`,
      [w.owner],
    )
  ).rows.map((r) => r.id);
});
afterAll(async () => {
  if (tied.length) await c.query('delete from public.projects where id = any($1)', [tied]);
  await destroyWorld(c, w);
  await c.end();
});

const designer = () => clientAs(w.otherDesigner);

/** A timestamp as PostgREST writes it (`2026-11-29T10:14:22.970938+00:00`) in microseconds since the epoch. */
function micros(timestamp: string): bigint {
  const [, whole, fraction = '', zone] = /^(.*?:\d\d)(?:\.(\d+))?([+-]\d\d:\d\d|Z)$/.exec(timestamp)!;
  return BigInt(Date.parse(`${whole}${zone}`)) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

describe('open projects, keyset pages', () => {
  it('lists every open project once, newest first, across pages that split same-instant projects', async () => {
    const client = await designer();
    const seen: KeysetCursor[] = [];
    let after: KeysetCursor | undefined;
    for (let page = 0; page < 100; page++) {
      let query = client.from('projects').select('id, created_at').eq('status', 'pending').is('designer_id', null);
      if (after) query = query.lte('created_at', after.created_at).or(afterCursor(after));
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(PAGE);
      expect(error).toBeNull();
      seen.push(...data!);
      after = nextCursor(data!, PAGE);
      if (!after) break;
    }
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of tied) expect(ids).toContain(id);
    // Strictly descending by (created_at, id): the order the pages are cut in. Timestamps in microseconds, as the
    // database keeps them (Date.parse stops at milliseconds, and other tests post projects a few µs apart).
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      const [ta, tb] = [micros(a.created_at), micros(b.created_at)];
      const newer = ta > tb || (ta === tb && a.id > b.id);
      expect(newer, `${a.created_at} ${a.id} before ${b.created_at} ${b.id}`).toBe(true);
    }
    // The tied projects fill the end of the list and span two pages.
    expect(ids.slice(-TIED).sort()).toEqual([...tied].sort());
  });

  it('the cursor after a page is its last row; a short page ends the list', () => {
    const rows = [
      { created_at: '2026-11-22T10:00:00.5+00:00', id: 'b' },
      { created_at: '2026-11-22T10:00:00.5+00:00', id: 'a' },
    ];
    expect(nextCursor(rows, 2)).toEqual({ created_at: '2026-11-22T10:00:00.5+00:00', id: 'a' });
    expect(nextCursor(rows, 3)).toBeUndefined();
    expect(afterCursor(rows[1]!)).toBe('created_at.lt."2026-11-22T10:00:00.5+00:00",id.lt.a');
  });
});
