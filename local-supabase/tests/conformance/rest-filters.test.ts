import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest } from './rest-fixture.ts';

// Filters, logic trees and ordering (PostgREST QueryParams.hs operators; supabase-js PostgrestFilterBuilder).
const P = 'rest_flt';
const db = anonClient();
const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

beforeAll(() => createFixture(P));
afterAll(() => dropFixture(P));

describe('filters', () => {
  const books = () => db.from(`${P}_books`).select('id').order('id');

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(ids((await books().eq('status', 'draft')).data)).toEqual([4]);
    expect(ids((await books().neq('status', 'draft')).data)).toEqual([1, 2, 3]);
    expect(ids((await books().gt('price', 10.5)).data)).toEqual([3]);
    expect(ids((await books().gte('price', 10.5)).data)).toEqual([1, 3]);
    expect(ids((await books().lt('published', '1800-01-01')).data)).toEqual([3]);
    expect(ids((await books().lte('id', 2)).data)).toEqual([1, 2]);
  });

  it('matches patterns with like and ilike (* as wildcard) and regular expressions', async () => {
    expect(ids((await books().like('title', '%e%e%')).data)).toEqual([2, 4]);
    expect(ids((await books().ilike('title', 'j*')).data)).toEqual([2]);
    expect(ids((await books().match({ status: 'published' }).like('title', '*o*')).data)).toEqual([1, 3]);
    const re = await rest(`/${P}_books?select=id&title=match.^[JV]&order=id`);
    expect(ids(re.body)).toEqual([2, 4]);
  });

  it('tests is null / not null / true, in lists with quoted values, and negation', async () => {
    expect(ids((await books().is('published', null)).data)).toEqual([4]);
    expect(ids((await books().not('published', 'is', null)).data)).toEqual([1, 2, 3]);
    expect(ids((await books().in('title', ['Notes', 'Jane Eyre', 'a,b'])).data)).toEqual([1, 2]);
    expect(ids((await books().not('id', 'in', '(1,2)')).data)).toEqual([3, 4]);
    expect(ids((await books().in('id', [])).data)).toEqual([]);
    const bools = await rest(`/${P}_authors?select=id&rating=not.is.null&order=id`);
    expect(ids(bools.body)).toEqual([1, 2]);
  });

  it('compares arrays and jsonb with cs, cd and ov', async () => {
    const authors = () => db.from(`${P}_authors`).select('id').order('id');
    expect(ids((await authors().contains('tags', ['math'])).data)).toEqual([1]);
    expect(ids((await authors().containedBy('tags', ['novel', 'x'])).data)).toEqual([2, 3]);
    expect(ids((await authors().overlaps('tags', ['poetry', 'novel'])).data)).toEqual([1, 2]);
    expect(ids((await authors().contains('meta', { lang: 'en', n: 2 })).data)).toEqual([2]);
    expect(ids((await authors().eq('meta->>lang', 'en').eq('meta->n', 1)).data)).toEqual([1]);
  });

  it('supports full-text search operators', async () => {
    const r = await db.from(`${P}_books`).select('id').textSearch('title', 'quixote', { config: 'english' });
    expect(r.error).toBeNull();
    expect(ids(r.data)).toEqual([3]);
    const web = await db.from(`${P}_books`).select('id').textSearch('title', 'jane eyre', { type: 'websearch' });
    expect(ids(web.data)).toEqual([2]);
  });

  it('combines filters with or/and, nesting and negation', async () => {
    expect(ids((await books().or('price.gt.11,status.eq.draft')).data)).toEqual([3, 4]);
    expect(ids((await books().or('id.eq.1,and(status.eq.published,price.lt.9)')).data)).toEqual([1, 2]);
    expect(ids((await books().not('title', 'eq', 'Notes').or('id.in.(1,2,3)')).data)).toEqual([2, 3]);
    const negated = await rest(`/${P}_books?select=id&not.or=(id.eq.1,id.eq.2)&order=id`);
    expect(ids(negated.body)).toEqual([3, 4]);
    const quoted = await rest(`/${P}_books?select=id&or=(title.eq."Jane Eyre",title.eq."a,b")`);
    expect(ids(quoted.body)).toEqual([2]);
    const onEmbed = await db
      .from(`${P}_authors`)
      .select(`id, books:${P}_books!author_id(id)`)
      .or('id.eq.1,id.eq.2', { referencedTable: 'books' })
      .eq('id', 2)
      .single();
    expect(onEmbed.data).toEqual({ id: 2, books: [{ id: 2 }] });
  });

  it('orders with direction and nulls first/last, and pages with limit and offset', async () => {
    const nullsFirst = await db.from(`${P}_books`).select('id').order('price', { ascending: false, nullsFirst: true });
    expect(ids(nullsFirst.data)).toEqual([4, 3, 1, 2]);
    const nullsLast = await db.from(`${P}_books`).select('id').order('published', { ascending: true });
    expect(ids(nullsLast.data)).toEqual([3, 1, 2, 4]);
    const page = await db.from(`${P}_books`).select('id').order('id').range(1, 2);
    expect(ids(page.data)).toEqual([2, 3]);
    const multi = await rest(`/${P}_books?select=id&order=status.desc,id.desc`);
    expect(ids(multi.body)).toEqual([3, 2, 1, 4]);
  });

  it('rejects malformed filters with PGRST100 and wrong types with 22P02', async () => {
    const badOp = await rest(`/${P}_books?id=foo.1`);
    expect(badOp.status).toBe(400);
    expect(badOp.body.code).toBe('PGRST100');
    expect(badOp.body.message).toBe('"failed to parse filter (foo.1)" (line 1, column 1)');
    const badIs = await rest(`/${P}_books?id=is.maybe`);
    expect(badIs.body.code).toBe('PGRST100');
    const badType = await db.from(`${P}_books`).select('id').eq('id', 'abc');
    expect(badType.status).toBe(400);
    expect(badType.error).toEqual({
      code: '22P02',
      details: null,
      hint: null,
      message: 'invalid input syntax for type bigint: "abc"',
    });
    const badColumn = await db.from(`${P}_books`).select('id').eq('nope', 1);
    expect(badColumn.status).toBe(400);
    expect(badColumn.error).toMatchObject({ code: '42703', message: `column ${P}_books.nope does not exist` });
    const badOrder = await rest(`/${P}_books?order=id.sideways`);
    expect(badOrder.body.code).toBe('PGRST100');
  });
});
