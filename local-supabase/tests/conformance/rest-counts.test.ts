import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest } from './rest-fixture.ts';

// Counts, ranges and singular responses (PostgREST RangeQuery.hs rangeStatusHeader, MainTx.hs failNotSingular).
const P = 'rest_cnt';
const db = anonClient();

beforeAll(async () => {
  await createFixture(P);
  await sql(`insert into ${P}_kv (k, v) select 'row' || lpad(i::text, 4, '0'), i from generate_series(1, 1205) i`);
});
afterAll(() => dropFixture(P));

describe('counts and ranges', () => {
  it('counts exactly with 200 when every row came back and 206 when a range cut it', async () => {
    const all = await db.from(`${P}_books`).select('id', { count: 'exact' });
    expect(all).toMatchObject({ status: 200, count: 4 });
    const page = await rest(`/${P}_books?select=id&order=id&offset=1&limit=2`, { headers: { Prefer: 'count=exact' } });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('1-2/4');
    expect(page.headers.get('preference-applied')).toBe('count=exact');
  });

  it('counts with HEAD and no body', async () => {
    const res = await db.from(`${P}_books`).select('*', { count: 'exact', head: true }).eq('status', 'published');
    expect(res).toMatchObject({ status: 200, count: 3, data: null, error: null });
  });

  it('answers an offset past the end with 416 PGRST103', async () => {
    const res = await rest(`/${P}_books?offset=10`, { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/4');
    expect(res.body).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
    const noCount = await rest(`/${P}_books?offset=10`);
    expect(noCount.status).toBe(200);
    expect(noCount.body).toEqual([]);
  });

  it('honours the Range header', async () => {
    const res = await rest(`/${P}_books?select=id&order=id`, { headers: { Range: '1-2', 'Range-Unit': 'items' } });
    expect(res.body).toEqual([{ id: 2 }, { id: 3 }]);
    expect(res.headers.get('content-range')).toBe('1-2/*');
  });

  it('caps every response at max_rows = 1000 and says so with 206', async () => {
    const res = await db.from(`${P}_kv`).select('k', { count: 'exact' });
    expect(res.data).toHaveLength(1000);
    expect(res.status).toBe(206);
    expect(res.count).toBeGreaterThanOrEqual(1205);
    const limited = await db.from(`${P}_kv`).select('k').limit(5000);
    expect(limited.data).toHaveLength(1000);
  });

  it('estimates counts with planned and estimated', async () => {
    await sql(`analyze ${P}_kv`);
    const planned = await db.from(`${P}_kv`).select('k', { count: 'planned', head: true });
    expect(planned.count).toBeGreaterThan(1000);
    const estimated = await db.from(`${P}_books`).select('id', { count: 'estimated', head: true });
    expect(estimated.count).toBe(4);
  });
});

describe('singular', () => {
  it('answers one row as an object with the object media type', async () => {
    const res = await rest(`/${P}_books?select=id,title&id=eq.2`, {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"id":2,"title":"Jane Eyre"}');
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    const sdk = await db.from(`${P}_books`).select('title').eq('id', 2).single();
    expect(sdk).toMatchObject({ status: 200, data: { title: 'Jane Eyre' } });
  });

  it('answers 0 or several rows with 406 PGRST116', async () => {
    const none = await db.from(`${P}_books`).select().eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await rest(`/${P}_books`, { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(many.status).toBe(406);
    expect(many.body.details).toBe('The result contains 4 rows');
  });

  it('lets maybeSingle() see null for no rows', async () => {
    const res = await db.from(`${P}_books`).select().eq('id', 999).maybeSingle();
    expect(res).toMatchObject({ data: null, error: null });
  });
});
