import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from '../../src/testing/index.ts';
import { createFixture, dropFixture, waitForRest } from './rest-fixture.ts';

// Relationship resolution as PostgREST v14 answers it (Plan.hs findRel): embedding by foreign-key
// constraint name, self-referencing tables, the order of a relationship's description in PGRST201,
// and embed aliases numbered by depth.
const P = 'rest_emb';
const db = anonClient();

beforeAll(async () => {
  await createFixture(P);
  await sql(`
    drop table if exists ${P}_folders cascade;
    create table ${P}_folders (id int primary key, name text not null, parent_id int references ${P}_folders(id));
    insert into ${P}_folders values (1, 'root', null), (2, 'docs', 1), (3, 'pics', 1), (4, 'old', 2);
    grant select on ${P}_folders to anon;
    notify pgrst, 'reload schema';
  `);
  await waitForRest(`/rest/v1/${P}_folders`);
});
afterAll(async () => {
  await sql(`drop table if exists ${P}_folders cascade`);
  await dropFixture(P);
});

describe('relationships', () => {
  it('embeds through a foreign-key constraint named as the target', async () => {
    const { data, error } = await db
      .from(`${P}_authors`)
      .select(`name, written:${P}_books_author_id_fkey(title), edited:${P}_books_editor_id_fkey(title)`)
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Ada', written: [{ title: 'Notes' }], edited: [{ title: 'Don Quixote' }] });
  });

  it('describes one-to-many candidates from the embedding side in PGRST201', async () => {
    const res = await db.from(`${P}_authors`).select(`id, ${P}_books(id)`);
    expect(res.status).toBe(300);
    expect(res.error!.details).toEqual([
      {
        cardinality: 'one-to-many',
        embedding: `${P}_authors with ${P}_books`,
        relationship: `${P}_books_author_id_fkey using ${P}_authors(id) and ${P}_books(author_id)`,
      },
      {
        cardinality: 'one-to-many',
        embedding: `${P}_authors with ${P}_books`,
        relationship: `${P}_books_editor_id_fkey using ${P}_authors(id) and ${P}_books(editor_id)`,
      },
    ]);
  });

  it('resolves a self-reference by table name to the children, by column to the parent', async () => {
    const children = await db.from(`${P}_folders`).select(`id, ${P}_folders(id, name)`).eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({
      id: 1,
      [`${P}_folders`]: [
        { id: 2, name: 'docs' },
        { id: 3, name: 'pics' },
      ],
    });
    const hinted = await db.from(`${P}_folders`).select(`id, ${P}_folders!parent_id(id)`).eq('id', 2).single();
    expect(hinted.data).toEqual({ id: 2, [`${P}_folders`]: [{ id: 4 }] });
    const parent = await db.from(`${P}_folders`).select('id, parent_id(name)').eq('id', 4).single();
    expect(parent.data).toEqual({ id: 4, parent_id: { name: 'docs' } });
  });

  it('does not match a self-reference by its constraint name as hint (PGRST200)', async () => {
    const res = await db.from(`${P}_folders`).select(`id, ${P}_folders!${P}_folders_parent_id_fkey(id)`);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST200',
      details: `Searched for a foreign key relationship between '${P}_folders' and '${P}_folders' using the hint '${P}_folders_parent_id_fkey' in the schema 'public', but no matches were found.`,
      hint: null,
      message: `Could not find a relationship between '${P}_folders' and '${P}_folders' in the schema cache`,
    });
  });

  it('numbers embed aliases by depth: the same table embedded twice unaliased collides (42712)', async () => {
    const res = await db.from(`${P}_books`).select(`${P}_authors!author_id(name), ${P}_authors!editor_id(name)`);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: `table name "${P}_books_${P}_authors_1" specified more than once`,
    });
    const aliased = await db
      .from(`${P}_books`)
      .select(`a:${P}_authors!author_id(name), e:${P}_authors!editor_id(name)`)
      .eq('id', 1)
      .single();
    expect(aliased.data).toEqual({ a: { name: 'Ada' }, e: { name: 'Brontë' } });
  });
});
