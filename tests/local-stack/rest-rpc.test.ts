import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { sql } from '../support/db.ts';
import { signUserJwt } from '../support/tokens.ts';
import { createFixture, dropFixture, rest, userClient } from './rest-fixture.ts';

// RPC (reference/supabase-wire.md §1.2, §1.4; PostgREST findProc overloading by argument names).
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
    const echo = await rest(`/rpc/${P}_echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[1,{"a":2}]' });
    expect(echo.body).toEqual([1, { a: 2 }]);
  });

  it('answers PGRST202 (404) for unknown functions or argument names', async () => {
    const none = await db.rpc('rest_no_such_fn');
    expect(none.status).toBe(404);
    expect(none.error).toEqual({
      code: 'PGRST202',
      details: 'Searched for the function public.rest_no_such_fn without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
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
      search_path: '"public", "extensions"',
      timeout: '3s',
      read_only: 'on',
    });
    const sub = '11111111-2222-3333-4444-555555555555';
    const user = await userClient(await signUserJwt(sub)).rpc(`${P}_whoami`);
    expect(user.data).toMatchObject({ role: 'authenticated', sub, claims_role: 'authenticated', method: 'POST', timeout: '8s', read_only: 'on' });
  });

  it('refuses other methods on /rpc with PGRST101', async () => {
    const res = await rest(`/rpc/${P}_hello`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ code: 'PGRST101', details: null, hint: null, message: 'Cannot use the DELETE method on RPC' });
  });
});
