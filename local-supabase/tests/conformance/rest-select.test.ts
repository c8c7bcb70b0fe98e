import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest } from './rest-fixture.ts';

// Selects and embedding as PostgREST v14 answers them (docs.postgrest.org/en/v14 references/api; PostgREST
// QueryBuilder.hs: to-one → object or null, to-many → array, rows shaped to JSON by Postgres).
const P = 'rest_sel';
const db = anonClient();

beforeAll(() => createFixture(P));
afterAll(() => dropFixture(P));

describe('select', () => {
  it('returns every column with Postgres JSON formatting (timestamps with offset, numerics as numbers, jsonb)', async () => {
    const { data, error, status } = await db.from(`${P}_authors`).select('*').order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data![0]).toEqual({
      id: 1,
      name: 'Ada',
      born: '1815-12-10T00:00:00+00:00',
      rating: 4.5,
      meta: { lang: 'en', langs: ['en', 'fr'], n: 1 },
      tags: ['math', 'poetry'],
    });
    expect(data![1].born).toBe('1816-04-21T08:30:00.5+00:00');
    const raw = await rest(`/${P}_books?select=created_at,price&id=eq.1`);
    expect(raw.text).toBe('[{"created_at":"2026-01-01T12:00:00.123456+00:00","price":10.50}]');
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(raw.headers.get('content-range')).toBe('0-0/*');
  });

  it('supports column lists, aliases, casts and JSON paths', async () => {
    const { data, error } = await db
      .from(`${P}_authors`)
      .select('name, lang:meta->>lang, first:meta->langs->0, rating::text, n:meta->n')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Ada', lang: 'en', first: 'en', rating: '4.50', n: 1 });
  });

  it('answers an empty result with [] and Content-Range */*', async () => {
    const raw = await rest(`/${P}_books?id=eq.999`);
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual([]);
    expect(raw.headers.get('content-range')).toBe('*/*');
  });
});

describe('embedding', () => {
  it('renders to-one as an object, to-many as an array and many-to-many through the junction', async () => {
    const { data, error } = await db
      .from(`${P}_books`)
      .select(`title, author:${P}_authors!author_id(name), ${P}_reviews(stars), ${P}_tags(label)`)
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: 'Notes',
        author: { name: 'Ada' },
        [`${P}_reviews`]: [{ stars: 5 }, { stars: 4 }],
        [`${P}_tags`]: [{ label: 'science' }],
      },
      {
        title: 'Jane Eyre',
        author: { name: 'Brontë' },
        [`${P}_reviews`]: [{ stars: 3 }],
        [`${P}_tags`]: [{ label: 'classic' }, { label: 'romance' }],
      },
    ]);
  });

  it('gives null for a missing to-one and [] for an empty to-many', async () => {
    const { data } = await db
      .from(`${P}_books`)
      .select(`id, editor:${P}_authors!editor_id(name), ${P}_reviews(id)`)
      .eq('id', 4)
      .single();
    expect(data).toEqual({ id: 4, editor: null, [`${P}_reviews`]: [] });
  });

  it('disambiguates by constraint name and by column, and embeds the other direction', async () => {
    const byConstraint = await db
      .from(`${P}_books`)
      .select(`id, ed:${P}_authors!${P}_books_editor_id_fkey(name)`)
      .eq('id', 1)
      .single();
    expect(byConstraint.data).toEqual({ id: 1, ed: { name: 'Brontë' } });
    const byColumnTarget = await db.from(`${P}_books`).select('id, author_id(name)').eq('id', 3).single();
    expect(byColumnTarget.data).toEqual({ id: 3, author_id: { name: 'Cervantes' } });
    const reverse = await db
      .from(`${P}_authors`)
      .select(`name, books:${P}_books!author_id(title)`)
      .eq('id', 2)
      .single();
    expect(reverse.data).toEqual({ name: 'Brontë', books: [{ title: 'Jane Eyre' }, { title: 'Villette' }] });
  });

  it('nests embeds and applies filters, order and limit inside an embed', async () => {
    const { data, error } = await db
      .from(`${P}_authors`)
      .select(`name, books:${P}_books!author_id(title, ${P}_reviews(stars))`)
      .eq('id', 2)
      .order('title', { referencedTable: 'books', ascending: false })
      .limit(1, { referencedTable: 'books' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Brontë', books: [{ title: 'Villette', [`${P}_reviews`]: [] }] });
    const filtered = await db
      .from(`${P}_books`)
      .select(`id, ${P}_reviews(stars)`)
      .eq(`${P}_reviews.stars`, 5)
      .eq('id', 1)
      .single();
    expect(filtered.data).toEqual({ id: 1, [`${P}_reviews`]: [{ stars: 5 }] });
  });

  it('filters parents with !inner and with not.is.null on the embed', async () => {
    const inner = await db.from(`${P}_books`).select(`id, ${P}_reviews!inner(stars)`).eq(`${P}_reviews.stars`, 3);
    expect(inner.data).toEqual([{ id: 2, [`${P}_reviews`]: [{ stars: 3 }] }]);
    const toOne = await db.from(`${P}_books`).select(`id, editor:${P}_authors!editor_id!inner(name)`).order('id');
    expect(toOne.data).toEqual([
      { id: 1, editor: { name: 'Brontë' } },
      { id: 3, editor: { name: 'Ada' } },
    ]);
    const notNull = await db
      .from(`${P}_books`)
      .select(`id, editor:${P}_authors!editor_id(name)`)
      .not('editor', 'is', null)
      .order('id');
    expect(notNull.data!.map((r) => r.id)).toEqual([1, 3]);
  });

  it('orders by a to-one embed column with nulls last', async () => {
    const { data, error } = await db
      .from(`${P}_books`)
      .select(`id, editor:${P}_authors!editor_id(name)`)
      .order('editor(name)', { ascending: true, nullsFirst: false })
      .order('id');
    expect(error).toBeNull();
    expect(data!.map((r) => r.id)).toEqual([3, 1, 2, 4]);
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await db
      .from(`${P}_books`)
      .select(`title, ...${P}_authors!author_id(author_name:name)`)
      .eq('id', 1)
      .single();
    expect(data).toEqual({ title: 'Notes', author_name: 'Ada' });
  });

  it('spreads a to-many embed as one array per column (PostgREST v13+), [] when there are none', async () => {
    const { data, error } = await db
      .from(`${P}_authors`)
      .select(`name, ...${P}_books!author_id(titles:title, price)`)
      .order('id')
      .order('id', { referencedTable: `${P}_books` });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ada', titles: ['Notes'], price: [10.5] },
      { name: 'Brontë', titles: ['Jane Eyre', 'Villette'], price: [8, null] },
      { name: 'Cervantes', titles: ['Don Quixote'], price: [12.75] },
    ]);
    const none = await db.from(`${P}_books`).select(`id, ...${P}_reviews(stars)`).eq('id', 4).single();
    expect(none.data).toEqual({ id: 4, stars: [] });
  });

  it('embeds computed relationships by function name (SETOF → array, ROWS 1 → object) and selects computed fields', async () => {
    const { data, error } = await db
      .from(`${P}_authors`)
      .select(`name, loud:${P}_shout, ${P}_written(title), ${P}_latest(title)`)
      .order('id')
      .order('id', { referencedTable: `${P}_written` });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ada', loud: 'ADA', [`${P}_written`]: [{ title: 'Notes' }], [`${P}_latest`]: { title: 'Notes' } },
      {
        name: 'Brontë',
        loud: 'BRONTË',
        [`${P}_written`]: [{ title: 'Jane Eyre' }, { title: 'Villette' }],
        [`${P}_latest`]: { title: 'Villette' },
      },
      {
        name: 'Cervantes',
        loud: 'CERVANTES',
        [`${P}_written`]: [{ title: 'Don Quixote' }],
        [`${P}_latest`]: { title: 'Don Quixote' },
      },
    ]);
    const filtered = await db.from(`${P}_authors`).select('id').eq(`${P}_shout`, 'ADA');
    expect(filtered.data).toEqual([{ id: 1 }]);
  });

  it('answers PGRST200 for an unknown relationship and PGRST201 (300) for an ambiguous one', async () => {
    const none = await db.from(`${P}_books`).select('id, nothing(*)');
    expect(none.status).toBe(400);
    expect(none.error).toEqual({
      code: 'PGRST200',
      details: `Searched for a foreign key relationship between '${P}_books' and 'nothing' in the schema 'public', but no matches were found.`,
      hint: null,
      message: `Could not find a relationship between '${P}_books' and 'nothing' in the schema cache`,
    });
    const ambiguous = await db.from(`${P}_books`).select(`id, ${P}_authors(name)`);
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error!.code).toBe('PGRST201');
    expect(ambiguous.error!.message).toBe(
      `Could not embed because more than one relationship was found for '${P}_books' and '${P}_authors'`,
    );
    expect(ambiguous.error!.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: `${P}_books with ${P}_authors`,
        relationship: `${P}_books_author_id_fkey using ${P}_books(author_id) and ${P}_authors(id)`,
      },
      {
        cardinality: 'many-to-one',
        embedding: `${P}_books with ${P}_authors`,
        relationship: `${P}_books_editor_id_fkey using ${P}_books(editor_id) and ${P}_authors(id)`,
      },
    ]);
    expect(ambiguous.error!.hint).toBe(
      `Try changing '${P}_authors' to one of the following: '${P}_authors!${P}_books_author_id_fkey', '${P}_authors!${P}_books_editor_id_fkey'. Find the desired relationship in the 'details' key.`,
    );
  });

  it('answers PGRST108 for a filter on a resource that is not embedded', async () => {
    const raw = await rest(`/${P}_books?select=id&${P}_reviews.stars=eq.5`);
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe('PGRST108');
  });
});

describe('text/csv (supabase-js .csv())', () => {
  // PostgREST writes the header from the first row's keys and each row as its record text without the
  // parentheses, so Postgres decides the quoting (a field with a comma or a space is quoted, null is empty).
  it('answers a read as CSV with Postgres record quoting', async () => {
    const { data, error, status } = await db.from(`${P}_authors`).select('id,name,rating,tags').order('id').csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('id,name,rating,tags\n1,Ada,4.50,"{math,poetry}"\n2,Brontë,3.25,{novel}\n3,Cervantes,,{}');
    const raw = await rest(`/${P}_books?select=title&id=eq.2`, { headers: { Accept: 'text/csv' } });
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(raw.headers.get('content-range')).toBe('0-0/*');
    expect(raw.text).toBe('title\n"Jane Eyre"');
  });

  it("sends a bare newline for no rows, and takes the first acceptable type in the client's order", async () => {
    const none = await rest(`/${P}_books?select=title&id=eq.999`, { headers: { Accept: 'text/csv' } });
    expect(none.status).toBe(200);
    expect(none.text).toBe('\n');
    const csvFirst = await rest(`/${P}_books?select=id&id=eq.1`, { headers: { Accept: 'text/csv, application/json' } });
    expect(csvFirst.text).toBe('id\n1');
    const jsonFirst = await rest(`/${P}_books?select=id&id=eq.1`, {
      headers: { Accept: 'application/json, text/csv' },
    });
    expect(jsonFirst.text).toBe('[{"id":1}]');
  });

  it('answers a write with return=representation as CSV too', async () => {
    const { data, error, status } = await db
      .from(`${P}_kv`)
      .insert({ k: 'csv row', note: 'a, b' })
      .select('k,v,note')
      .csv();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBe('k,v,note\n"csv row",7,"a, b"');
  });
});
