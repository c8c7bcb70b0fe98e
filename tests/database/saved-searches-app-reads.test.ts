import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * The requests the app's saved-searches feature and Saved send (src/features/saved-searches/api,
 * src/features/saved/api/get-saved-pieces.ts; docs/find-it-first.md), as they send them, against the real stack:
 * save_search with null for each bound not set, the list with its project, the three changes the column grants
 * allow, delete, and the price drops read by the piece in a notification's data. The rules themselves are
 * tests/database/saved-searches.test.ts's.
 */
let c: pg.Client;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

async function newPerson(role: 'customer' | 'designer', fullName: string) {
  const id = await createUser(c, { role, fullName, subscribe: role === 'designer' ? 'designer' : 'client' });
  people.push(id);
  await c.query(`update public.${role}_profiles set location = '39.7392,-104.9903' where user_id = $1`, [id]);
  return id;
}

describe('the saved-searches feature’s requests', () => {
  it('saves with nulls, lists with the project, renames, pauses, changes the e-mail and deletes', async () => {
    const customer = await newPerson('customer', 'Cora Reads');
    const designer = await newPerson('designer', 'Dee Reads');
    const { rows } = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
       values ($1, $2, 'Reading room', 'A room that needs furnishing', '40.0150,-105.2705', 400, 1000, 'active')
       returning id`,
      [customer, designer],
    );
    const project = rows[0]!.id;
    const db = await clientAs(customer);

    // save-search.ts: every argument, null where no bound is set.
    const plain = await db.rpc('save_search', {
      name: 'lamp · Lighting · up to $100',
      words: 'lamp',
      category: 'lighting',
      min_price: null,
      max_price: 100,
      conditions: [],
      within_miles: 25,
      email: 'daily',
      project_id: null,
    });
    expect(plain.error).toBeNull();
    expect(plain.data).toMatchObject({ name: 'lamp · Lighting · up to $100', email: 'daily' });
    const tied = await db.rpc('save_search', {
      name: 'up to $500 · within 25 miles',
      words: null,
      category: null,
      min_price: null,
      max_price: 500,
      conditions: ['good'],
      within_miles: 25,
      email: 'instant',
      project_id: project,
    });
    expect(tied.error).toBeNull();

    // get-saved-searches.ts
    const list = await db
      .from('saved_searches')
      .select(
        'id, name, words, category, min_price, max_price, conditions, within_miles, email, paused, created_at, project:projects(id, title)',
      )
      .eq('user_id', customer)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data).toHaveLength(2);
    const byName = new Map(list.data!.map((s) => [s.name, s]));
    expect(byName.get('up to $500 · within 25 miles')).toMatchObject({
      max_price: 1000,
      conditions: ['good'],
      project: { id: project, title: 'Reading room' },
    });
    expect(byName.get('lamp · Lighting · up to $100')).toMatchObject({ max_price: 100, project: null, paused: false });

    // update-saved-search.ts: one change at a time, the row back by id.
    const id = plain.data!.id;
    for (const changes of [{ name: 'Lamps' }, { paused: true }, { email: 'off' }] as const) {
      const updated = await db.from('saved_searches').update(changes).eq('id', id).select('id');
      expect(updated.error).toBeNull();
      expect(updated.data).toEqual([{ id }]);
    }
    const after = await db.from('saved_searches').select('name, paused, email').eq('id', id).single();
    expect(after.data).toEqual({ name: 'Lamps', paused: true, email: 'off' });
    // Someone else's: no row back (the app says it no longer exists).
    const other = await (
      await clientAs(designer)
    )
      .from('saved_searches')
      .update({ paused: true })
      .eq('id', id)
      .select('id');
    expect(other.data).toEqual([]);

    // delete-saved-search.ts
    expect((await db.from('saved_searches').delete().eq('id', id)).error).toBeNull();
    expect((await db.from('saved_searches').select('id').eq('id', id)).data).toEqual([]);
  });

  it('reads a saved piece’s price drops by the piece in the notification’s data', async () => {
    const seller = await newPerson('designer', 'Sam Reads');
    const saver = await newPerson('customer', 'Sue Reads');
    const { rows } = await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition, location, status)
       values ($1, 'Teak sideboard', 'A sideboard for the reads test', 'cabinet', 220, 'good', '39.7392,-104.9903',
               'available') returning id`,
      [seller],
    );
    const item = rows[0]!.id;
    const db = await clientAs(saver);
    expect((await db.from('saved_items').insert({ catalog_item_id: item })).error).toBeNull();
    await c.query(`update public.catalog_items set price = 180 where id = $1`, [item]);

    // get-saved-pieces.ts
    const drops = await db
      .from('notifications')
      .select('data, created_at')
      .eq('user_id', saver)
      .eq('kind', 'price_drop')
      .in('data->>item_id', [item, '00000000-0000-4000-8000-000000000000']);
    expect(drops.error).toBeNull();
    expect(drops.data).toHaveLength(1);
    expect(drops.data![0]!.data).toMatchObject({ item_id: item, old_price: 220, new_price: 180 });
  });
});
