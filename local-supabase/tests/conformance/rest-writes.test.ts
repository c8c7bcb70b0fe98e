import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signUserJwt, sql } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest, userClient } from './rest-fixture.ts';

// Inserts, upserts, updates and deletes (docs.postgrest.org/en/v14 references/api/tables_views; hosted refuses an
// UPDATE or DELETE without a filter through pg-safeupdate).
const P = 'rest_wr';
const db = anonClient();

beforeAll(() => createFixture(P));
afterAll(() => dropFixture(P));

describe('insert', () => {
  it('answers 201 with no body by default, and the rows with return=representation', async () => {
    const bare = await db.from(`${P}_kv`).insert({ k: 'i1' });
    expect(bare).toMatchObject({ status: 201, data: null, error: null });
    const rep = await db.from(`${P}_kv`).insert({ k: 'i2', v: 2 }).select();
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual([{ k: 'i2', v: 2, note: null }]);
    const single = await db.from(`${P}_kv`).insert({ k: 'i3' }).select('k, v').single();
    expect(single.data).toEqual({ k: 'i3', v: 7 });
  });

  it('returns only the columns the select names, so a role with some columns granted reads those back', async () => {
    // PostgREST's RETURNING names the selected columns (returningF), not the whole row.
    const ins = await db.from(`${P}_cols`).insert({ id: 1, open: 'a', hidden: 'secret' }).select('id, open');
    expect(ins).toMatchObject({ status: 201, error: null, data: [{ id: 1, open: 'a' }] });
    const all = await db.from(`${P}_cols`).insert({ id: 2, open: 'b', hidden: 'secret' }).select();
    expect(all).toMatchObject({ status: 401, error: { code: '42501' } });
    const upd = await db.from(`${P}_cols`).update({ open: 'c' }).eq('id', 1).select('open');
    expect(upd).toMatchObject({ status: 200, error: null, data: [{ open: 'c' }] });
    const hidden = await db.from(`${P}_cols`).update({ open: 'd' }).eq('id', 1).select('hidden');
    expect(hidden).toMatchObject({ status: 401, error: { code: '42501' } });
    const del = await db.from(`${P}_cols`).delete().eq('id', 1).select('id');
    expect(del).toMatchObject({ status: 200, error: null, data: [{ id: 1 }] });
    const left = (await sql(`select id, open, hidden from ${P}_cols order by id`)) as unknown[];
    expect(left).toEqual([]);
  });

  it('fills keys missing from some rows with NULL, or with the default under missing=default', async () => {
    const nulls = await db
      .from(`${P}_kv`)
      .insert([
        { k: 'm1', note: 'x' },
        { k: 'm2', v: 1 },
      ])
      .select()
      .order('k');
    expect(nulls.status).toBe(400);
    expect(nulls.error!.code).toBe('23502');
    const defaults = await db
      .from(`${P}_kv`)
      .insert(
        [
          { k: 'm1', note: 'x' },
          { k: 'm2', v: 1 },
        ],
        { defaultToNull: false },
      )
      .select();
    expect(defaults.error).toBeNull();
    expect(defaults.data!.sort((a, b) => a.k.localeCompare(b.k))).toEqual([
      { k: 'm1', v: 7, note: 'x' },
      { k: 'm2', v: 1, note: null },
    ]);
  });

  it('draws a default for every row under missing=default, also where the row gives the value', async () => {
    // PostgREST lays each row over all written columns' defaults, so a sequence advances once per row.
    const admin = serviceClient();
    const seq = `pg_get_serial_sequence('${P}_authors', 'id')`;
    const rows = (await sql(`select setval(${seq}, 500) as last`)) as { last: string }[];
    expect(Number(rows[0]!.last)).toBe(500);
    const res = await admin
      .from(`${P}_authors`)
      .insert([{ id: 900, name: 'Given' }, { name: 'Drawn' }], { defaultToNull: false })
      .select('id, name');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([
      { id: 900, name: 'Given' },
      { id: 502, name: 'Drawn' },
    ]);
    const upserted = await admin
      .from(`${P}_authors`)
      .upsert([{ id: 900, name: 'Given again' }, { name: 'Drawn again' }], { defaultToNull: false })
      .select('id, name');
    expect(upserted.data).toEqual([
      { id: 900, name: 'Given again' },
      { id: 504, name: 'Drawn again' },
    ]);
    await sql(`delete from ${P}_authors where id in (900, 502, 504)`);
  });

  it('upserts with merge-duplicates (200 when nothing was inserted) and ignore-duplicates', async () => {
    await db.from(`${P}_kv`).insert({ k: 'u1', v: 1 });
    const merged = await db.from(`${P}_kv`).upsert({ k: 'u1', v: 10 }).select();
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ k: 'u1', v: 10, note: null }]);
    const inserted = await db.from(`${P}_kv`).upsert({ k: 'u2', v: 20 }, { onConflict: 'k' }).select();
    expect(inserted.status).toBe(201);
    const ignored = await db.from(`${P}_kv`).upsert({ k: 'u1', v: 99 }, { ignoreDuplicates: true }).select();
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
    expect((await sql(`select v from ${P}_kv where k = 'u1'`))[0]!.v).toBe(10);
  });

  it('upserts into a table granting SELECT on some columns only, telling inserted from updated without xmax', async () => {
    // PostgREST counts inserted rows through a setting its WHERE clauses keep (pgrst.inserted), never a system
    // column, whose read needs SELECT on the whole table.
    const first = await db.from(`${P}_cols`).upsert({ id: 7, open: 'a' });
    expect(first).toMatchObject({ status: 201, error: null });
    const again = await db.from(`${P}_cols`).upsert({ id: 7, open: 'b' });
    expect(again).toMatchObject({ status: 200, error: null });
    const both = await db
      .from(`${P}_cols`)
      .upsert([
        { id: 7, open: 'c' },
        { id: 8, open: 'd' },
      ])
      .select('id, open');
    expect(both).toMatchObject({
      status: 201,
      error: null,
      data: [
        { id: 7, open: 'c' },
        { id: 8, open: 'd' },
      ],
    });
    await sql(`delete from ${P}_cols where id in (7, 8)`);
  });

  it('maps unique and foreign-key violations to 409 and check violations to 400', async () => {
    await db.from(`${P}_kv`).insert({ k: 'dup' });
    const dup = await db.from(`${P}_kv`).insert({ k: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error).toEqual({
      code: '23505',
      details: 'Key (k)=(dup) already exists.',
      hint: null,
      message: `duplicate key value violates unique constraint "${P}_kv_pkey"`,
    });
    const svc = serviceClient();
    const fk = await svc.from(`${P}_reviews`).insert({ book_id: 999, stars: 3 });
    expect(fk.status).toBe(409);
    expect(fk.error!.code).toBe('23503');
    const check = await svc.from(`${P}_reviews`).insert({ book_id: 1, stars: 9 });
    expect(check.status).toBe(400);
    expect(check.error!.code).toBe('23514');
  });

  it('refuses unknown payload keys with PGRST204 and honours ?columns', async () => {
    const unknown = await db.from(`${P}_kv`).insert({ k: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: `Could not find the 'nope' column of '${P}_kv' in the schema cache`,
    });
    const cols = await rest(`/${P}_kv?columns=k&select=k,v`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify([{ k: 'c1', v: 100, ignored: true }]),
    });
    expect(cols.status).toBe(201);
    expect(cols.body).toEqual([{ k: 'c1', v: 7 }]);
  });

  it('needs a SELECT policy for insert().select() but not for a bare insert()', async () => {
    const sub = randomUUID();
    const user = userClient(await signUserJwt(sub));
    const bare = await db.from(`${P}_notes`).insert({ owner: sub, body: 'anon' });
    expect(bare.status).toBe(201);
    const anonSelect = await db.from(`${P}_notes`).insert({ owner: sub, body: 'anon 2' }).select();
    expect(anonSelect.status).toBe(401);
    expect(anonSelect.error!.code).toBe('42501');
    const mine = await user.from(`${P}_notes`).insert({ body: 'mine' }).select('body, owner').single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ body: 'mine', owner: sub });
    const forged = await user.from(`${P}_notes`).insert({ body: 'x', owner: randomUUID() });
    expect(forged.status).toBe(403);
    expect(forged.error!.message).toBe(`new row violates row-level security policy for table "${P}_notes"`);
  });
});

describe('update and delete', () => {
  it('answers 204 without representation and 200 with it ([] when nothing matched)', async () => {
    await db.from(`${P}_kv`).insert([{ k: 'p1' }, { k: 'p2' }]);
    const minimal = await db.from(`${P}_kv`).update({ v: 1 }).eq('k', 'p1');
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    const rep = await db.from(`${P}_kv`).update({ note: 'n' }).in('k', ['p1', 'p2']).select('k, v, note').order('k');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([
      { k: 'p1', v: 1, note: 'n' },
      { k: 'p2', v: 7, note: 'n' },
    ]);
    const none = await db.from(`${P}_kv`).update({ v: 3 }).eq('k', 'nothing').select();
    expect(none).toMatchObject({ status: 200, data: [], error: null });
    const del = await db.from(`${P}_kv`).delete().eq('k', 'p2').select('k');
    expect(del.data).toEqual([{ k: 'p2' }]);
    const gone = await db.from(`${P}_kv`).delete().eq('k', 'p2');
    expect(gone.status).toBe(204);
  });

  it('refuses an update or delete without a filter with 400 21000 (pg-safeupdate)', async () => {
    const before = await sql(`select count(*)::int as n from ${P}_kv`);
    const upd = await serviceClient().from(`${P}_kv`).update({ v: 0 });
    expect(upd.status).toBe(400);
    expect(upd.error).toEqual({ code: '21000', details: null, hint: null, message: 'UPDATE requires a WHERE clause' });
    const del = await serviceClient().from(`${P}_kv`).delete();
    expect(del.status).toBe(400);
    expect(del.error).toEqual({ code: '21000', details: null, hint: null, message: 'DELETE requires a WHERE clause' });
    expect(await sql(`select count(*)::int as n from ${P}_kv`)).toEqual(before);
  });

  it('rolls back a write whose singular response fails (PGRST116)', async () => {
    await db.from(`${P}_kv`).insert([
      { k: 's1', v: 1 },
      { k: 's2', v: 1 },
    ]);
    const res = await db.from(`${P}_kv`).update({ v: 50 }).in('k', ['s1', 's2']).select().single();
    expect(res.status).toBe(406);
    expect(res.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 2 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    expect(await sql(`select v from ${P}_kv where k in ('s1','s2') order by k`)).toEqual([{ v: 1 }, { v: 1 }]);
  });

  it('rolls back with Prefer: tx=rollback', async () => {
    const res = await rest(`/${P}_kv`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ k: 'rolled' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([{ k: 'rolled', v: 7, note: null }]);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await sql(`select 1 from ${P}_kv where k = 'rolled'`)).toEqual([]);
  });

  it('lets RLS decide which rows an update or delete touches', async () => {
    const owner = randomUUID();
    await sql(`insert into ${P}_notes (owner, body) values ($1, 'keep')`, [owner]);
    const stranger = userClient(await signUserJwt(randomUUID()));
    const upd = await stranger.from(`${P}_notes`).update({ body: 'hacked' }).eq('owner', owner).select();
    expect(upd).toMatchObject({ status: 200, data: [] });
    const me = userClient(await signUserJwt(owner));
    const mine = await me.from(`${P}_notes`).update({ body: 'edited' }).eq('owner', owner).select('body');
    expect(mine.data).toEqual([{ body: 'edited' }]);
  });

  it('reports counts of written rows in Content-Range', async () => {
    await db.from(`${P}_kv`).insert([{ k: 'cnt1' }, { k: 'cnt2' }]);
    const res = await db.from(`${P}_kv`).delete({ count: 'exact' }).like('k', 'cnt*');
    expect(res).toMatchObject({ status: 204, count: 2 });
  });
});
