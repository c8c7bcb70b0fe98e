import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from '../../src/testing/index.ts';
import { createFixture, dropFixture, waitForRest } from './rest-fixture.ts';

// Embedding through views: PostgREST follows a view's columns to its tables' columns, so a view showing a
// foreign key's columns (under any names, through views of views) embeds and is embedded like its table,
// and so do the rows of a function returning a view.
const P = 'rest_view';
const db = anonClient();

beforeAll(async () => {
  await createFixture(P);
  await sql(`
    create view ${P}_shelf as select id, title, author_id as writer, price from ${P}_books;
    create view ${P}_people as select id as person_id, upper(name) as loud, name from ${P}_authors;
    create view ${P}_titles as select id, title, writer from ${P}_shelf where price is not null;
    create function ${P}_shelf_of(who bigint) returns setof ${P}_shelf language sql stable as
      $$ select * from ${P}_shelf where writer = who order by id $$;
    grant select on ${P}_shelf, ${P}_people, ${P}_titles to anon;
    grant execute on function ${P}_shelf_of(bigint) to anon;
    notify pgrst, 'reload schema';
  `);
  await waitForRest(`/rest/v1/${P}_titles`, `/rest/v1/rpc/${P}_shelf_of?who=1`);
});
afterAll(async () => {
  await sql(`drop view if exists ${P}_titles, ${P}_shelf, ${P}_people cascade`);
  await dropFixture(P);
});

describe('embedding through views', () => {
  it('embeds a table from a view showing the foreign key under another name', async () => {
    const res = await db.from(`${P}_shelf`).select(`title, ${P}_authors(name)`).eq('id', 2).single();
    expect(res.error).toBeNull();
    expect(res.data).toEqual({ title: 'Jane Eyre', [`${P}_authors`]: { name: 'Brontë' } });
  });

  it('embeds a view from a table, both ways, and a view from a view', async () => {
    const toMany = await db.from(`${P}_authors`).select(`name, ${P}_shelf(title)`).eq('id', 2).single();
    expect(toMany.data).toEqual({ name: 'Brontë', [`${P}_shelf`]: [{ title: 'Jane Eyre' }, { title: 'Villette' }] });
    // Books have two keys to authors (author and editor): the hint picks one, as for the table itself.
    const toOne = await db.from(`${P}_books`).select(`id, ${P}_people!author_id(loud)`).eq('id', 3).single();
    expect(toOne.data).toEqual({ id: 3, [`${P}_people`]: { loud: 'CERVANTES' } });
    const viewToView = await db.from(`${P}_titles`).select(`title, ${P}_people(name)`).order('id');
    expect(viewToView.data).toEqual([
      { title: 'Notes', [`${P}_people`]: { name: 'Ada' } },
      { title: 'Jane Eyre', [`${P}_people`]: { name: 'Brontë' } },
      { title: 'Don Quixote', [`${P}_people`]: { name: 'Cervantes' } },
    ]);
  });

  it("embeds into a function's rows when it returns a view", async () => {
    const res = await db.rpc(`${P}_shelf_of`, { who: 2 }).select(`title, ${P}_people(name)`).order('title');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([
      { title: 'Jane Eyre', [`${P}_people`]: { name: 'Brontë' } },
      { title: 'Villette', [`${P}_people`]: { name: 'Brontë' } },
    ]);
  });

  it('embeds by key column or constraint name only the table, never a view showing the same key', async () => {
    const res = await db.from(`${P}_books`).select(`id, author_id(name)`).eq('id', 2).single();
    expect(res.error).toBeNull();
    expect(res.data).toEqual({ id: 2, author_id: { name: 'Brontë' } });
  });

  it('finds no relationship from a view whose column is computed rather than the key itself', async () => {
    await sql(`create or replace view ${P}_guess as select id + 0 as author_id, title from ${P}_books;
      grant select on ${P}_guess to anon; notify pgrst, 'reload schema';`);
    await waitForRest(`/rest/v1/${P}_guess`);
    const res = await db.from(`${P}_guess`).select(`title, ${P}_authors(name)`);
    expect(res.status).toBe(400);
    expect(res.error!.code).toBe('PGRST200');
    await sql(`drop view ${P}_guess`);
  });
});
