import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signUserJwt, sql } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest, userClient, waitForRest } from './rest-fixture.ts';

// RPC (docs.postgrest.org/en/v14 references/api/functions; PostgREST findProc overloading by argument names).
const P = 'rest_rpc';
const db = anonClient();

beforeAll(() => createFixture(P));
afterAll(() => dropFixture(P));

describe('rpc', () => {
  it('calls scalar functions by POST with named arguments and by GET with query parameters', async () => {
    expect(await db.rpc(`${P}_add`, { a: 2, b: 3 })).toMatchObject({ status: 200, data: 5, error: null });
    expect(await db.rpc(`${P}_add`, { a: 4, b: 5 }, { get: true })).toMatchObject({ status: 200, data: 9 });
    expect((await db.rpc(`${P}_hello`)).data).toBe('hello');
  });

  it('returns arrays for set-returning functions, with filters, order and limit on table rows', async () => {
    expect((await db.rpc(`${P}_series`, { n: 3 })).data).toEqual([1, 2, 3]);
    const rows = await db.rpc(`${P}_books_by`, { author: 2 }).select('title').order('id', { ascending: false });
    expect(rows.data).toEqual([{ title: 'Villette' }, { title: 'Jane Eyre' }]);
    const filtered = await db.rpc(`${P}_books_by`, { author: 2 }).select('id').eq('status', 'draft');
    expect(filtered.data).toEqual([{ id: 4 }]);
    const table = await db.rpc(`${P}_stats`);
    expect(table.data).toEqual([
      { author: 'Ada', books: 1 },
      { author: 'Brontë', books: 2 },
      { author: 'Cervantes', books: 1 },
    ]);
    const embedded = await db.rpc(`${P}_books_by`, { author: 1 }).select(`title, author:${P}_authors!author_id(name)`);
    expect(embedded.data).toEqual([{ title: 'Notes', author: { name: 'Ada' } }]);
  });

  it('returns one object for a function returning a single row', async () => {
    const { data } = await db.rpc(`${P}_first_book`);
    expect(data).toMatchObject({ id: 1, title: 'Notes', created_at: '2026-01-01T12:00:00.123456+00:00', price: 10.5 });
  });

  it('answers 204 for a void function (data null) and runs it in a read-write transaction', async () => {
    const res = await serviceClient().rpc(`${P}_touch`, { p_id: 4 });
    expect(res).toMatchObject({ status: 204, data: null, error: null });
    expect(await sql(`select status from ${P}_books where id = 4`)).toEqual([{ status: 'touched' }]);
  });

  it('runs GET calls read-only: a volatile write fails with 25006 → 405', async () => {
    const res = await db.rpc(`${P}_write`, {}, { get: true });
    expect(res.status).toBe(405);
    expect(res.error).toMatchObject({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' });
    const post = await db.rpc(`${P}_write`);
    expect(post).toMatchObject({ status: 200, data: 7 });
  });

  it('resolves overloads by argument names and passes a whole body to a single unnamed jsonb parameter', async () => {
    expect((await db.rpc(`${P}_over`, { x: 1 })).data).toBe('one');
    expect((await db.rpc(`${P}_over`, { x: 1, y: 2 })).data).toBe('two');
    const echo = await rest(`/rpc/${P}_echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[1,{"a":2}]',
    });
    expect(echo.body).toEqual([1, { a: 2 }]);
  });

  it('answers PGRST202 (404) for unknown functions or argument names', async () => {
    const none = await db.rpc('rest_no_such_fn');
    expect(none.status).toBe(404);
    expect(none.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.rest_no_such_fn without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.rest_no_such_fn without parameters in the schema cache',
    });
    const wrongArgs = await db.rpc(`${P}_add`, { b: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error).toMatchObject({
      code: 'PGRST202',
      message: `Could not find the function public.${P}_add(b, c) in the schema cache`,
      details: `Searched for the function public.${P}_add with parameters b, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      hint: `Perhaps you meant to call the function public.${P}_add(a, b)`,
    });
  });

  it('maps RAISE to 400 P0001 with detail and hint, and PTxxx to a custom status', async () => {
    const raised = await db.rpc(`${P}_raise`);
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({ code: 'P0001', details: 'it broke', hint: 'try again', message: 'boom' });
    const custom = await db.rpc(`${P}_custom`);
    expect(custom.status).toBe(402);
    expect(custom.error).toMatchObject({ code: 'PT402', message: 'payment required' });
  });

  it('sets role, claims, method, path, headers, search_path and per-role settings for the transaction', async () => {
    const anon = await rest(`/rpc/${P}_whoami`, { headers: { 'x-custom': 'hello' } });
    expect(anon.body).toEqual({
      role: 'anon',
      sub: null,
      claims_role: 'anon',
      method: 'GET',
      path: `/rpc/${P}_whoami`,
      custom: 'hello',
      search_path: '"public", "public", "extensions"',
      timeout: '3s',
      read_only: 'on',
    });
    const sub = '11111111-2222-3333-4444-555555555555';
    const user = await userClient(await signUserJwt(sub)).rpc(`${P}_whoami`);
    expect(user.data).toMatchObject({
      role: 'authenticated',
      sub,
      claims_role: 'authenticated',
      method: 'POST',
      timeout: '8s',
      read_only: 'on',
    });
  });

  it('refuses other methods on /rpc with PGRST101', async () => {
    const res = await rest(`/rpc/${P}_hello`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({
      code: 'PGRST101',
      details: null,
      hint: null,
      message: 'Cannot use the DELETE method on RPC',
    });
  });
});

// Function calls and the transaction preferences, as the postgrest-js suite recorded them from PostgREST v14:
// Prefer tx=rollback and max-affected apply to calls as to writes; count=exact counts a scalar result as 1.
describe('rpc transaction preferences', () => {
  beforeAll(async () => {
    await sql(`
      create function ${P}_pick(a int) returns text language sql immutable as $$ select 'int' $$;
      create function ${P}_pick(a text) returns text language sql immutable as $$ select 'text' $$;
      create function ${P}_bump() returns setof int language sql as $$ update ${P}_kv set v = v + 1 returning v $$;
      grant execute on function ${P}_pick(int), ${P}_pick(text), ${P}_bump() to anon;
      notify pgrst, 'reload schema';
    `);
    await waitForRest(`/rest/v1/rpc/${P}_bump`);
  });

  it('rolls a call back with Prefer: tx=rollback but still answers its result', async () => {
    await sql(`delete from ${P}_kv where k = 'from-rpc'`);
    const res = await rest(`/rpc/${P}_write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'tx=rollback' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(7);
    expect(res.headers.get('preference-applied')).toBe('tx=rollback');
    expect(await sql(`select count(*)::int as n from ${P}_kv where k = 'from-rpc'`)).toEqual([{ n: 0 }]);
  });

  it('fails a call affecting more rows than max-affected with PGRST124 and rolls it back', async () => {
    await sql(`insert into ${P}_kv (k, v) values ('m1', 1), ('m2', 1), ('m3', 1)`);
    const res = await rest(`/rpc/${P}_bump`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
    });
    expect(await sql(`select sum(v)::int as s from ${P}_kv where k like 'm_'`)).toEqual([{ s: 3 }]);
    await sql(`delete from ${P}_kv where k like 'm_'`);
  });

  it('counts a scalar result with count=exact (Content-Range 0-0/1)', async () => {
    const { data, count } = await db.rpc(`${P}_hello`, {}, { count: 'exact' });
    expect(data).toBe('hello');
    expect(count).toBe(1);
    const raw = await rest(`/rpc/${P}_hello`, { headers: { Prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('0-0/1');
  });

  it('lists PGRST203 candidates in sorted order', async () => {
    const res = await rest(`/rpc/${P}_pick?a=1`);
    expect(res.status).toBe(300);
    expect(res.body.message).toBe(
      `Could not choose the best candidate function between: public.${P}_pick(a => integer), public.${P}_pick(a => text)`,
    );
  });
});
