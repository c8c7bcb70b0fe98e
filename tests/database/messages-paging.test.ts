import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCursor, nextCursor, type KeysetCursor } from '../../src/lib/keyset-cursor.ts';
import { clientAs } from '@good-space/local-supabase/testing';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * A project's messages load newest first, 30 at a time, and older pages on demand
 * (src/features/messages/api/get-project-messages.ts): each older page starts after the oldest message shown, read as
 * `created_at <= cursor` (the range of the messages (project_id, created_at) index) with the shared tie-break
 * filter. Messages written at the same instant must still come once each, in order, across a page boundary.
 */
const PAGE = 30;
const TIED = 45;
const OLDER = 10;
let c: pg.Client;
let w: World;
let inserted: string[] = [];
beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
  const insert = async (count: number, createdAt: string) =>
    (
      await c.query<{ id: string }>(
        `insert into public.messages (project_id, sender_id, content, created_at)
         select $1, $2, 'Message ' || g, $3 from generate_series(1, ${count}) g returning id`,
        [w.activeProject, w.owner, createdAt],
      )
    ).rows.map((r) => r.id);
  inserted = [...(await insert(TIED, '2001-01-01T00:00:00.123456Z')), ...(await insert(OLDER, '2000-06-01T08:30:00Z'))];
});
afterAll(async () => {
  if (inserted.length) await c.query('delete from public.messages where id = any($1)', [inserted]);
  await destroyWorld(c, w);
  await c.end();
});

const customer = () => clientAs(w.owner);

describe('messages, keyset pages', () => {
  it('lists every message of the project once, newest first, across pages that split same-instant messages', async () => {
    const client = await customer();
    const seen: KeysetCursor[] = [];
    let pages = 0;
    let cursor: KeysetCursor | undefined;
    for (; pages < 20; pages++) {
      let query = client.from('messages').select('id, created_at').eq('project_id', w.activeProject);
      if (cursor) query = query.lte('created_at', cursor.created_at).or(afterCursor(cursor));
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(PAGE);
      expect(error).toBeNull();
      seen.push(...data!);
      cursor = nextCursor(data!, PAGE);
      if (!cursor) break;
    }
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The world's own message, the tied ones and the older ones: all of them, over more than one page.
    expect(ids).toContain(w.message);
    for (const id of inserted) expect(ids).toContain(id);
    expect(ids).toHaveLength(1 + TIED + OLDER);
    expect(pages).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      const newer =
        Date.parse(a.created_at) > Date.parse(b.created_at) || (a.created_at === b.created_at && a.id > b.id);
      expect(newer, `${a.created_at} ${a.id} before ${b.created_at} ${b.id}`).toBe(true);
    }
  });
});
