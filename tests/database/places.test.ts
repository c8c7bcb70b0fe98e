import { type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * The places gazetteer (20261126000100_places.sql, docs/decisions/0024-places.md) as the app reaches it: the
 * whole dataset, loaded by the global setup with `npm run places:load`'s code, read through /rest/v1 by a
 * signed-out visitor and a signed-in user. What the loader itself does (skip, reload) is tested on a stack of its
 * own (tests/scripts/places-load.test.ts): a reload deletes rows that left the dataset, other tests' places too.
 */
let c: pg.Client;
let anon: SupabaseClient;
let signedIn: SupabaseClient;
let person: string;

interface Suggestion {
  id: string;
  label: string;
  kind: 'city' | 'zip';
  latitude: number;
  longitude: number;
}

async function search(query: string, maxResults?: number, client = anon): Promise<Suggestion[]> {
  const { data, error } = await client.rpc('search_places', {
    query,
    ...(maxResults !== undefined && { max_results: maxResults }),
  });
  expect(error).toBeNull();
  return data as Suggestion[];
}

const labels = (rows: Suggestion[]) => rows.map((r) => r.label);

beforeAll(async () => {
  c = await connect();
  person = await createUser(c, { role: 'customer' });
  anon = anonClient();
  signedIn = await clientAs(person);
});
afterAll(async () => {
  await deleteUsers(c, [person]);
  await c.end();
});

describe('search_places', () => {
  it('suggests Portland, OR before Portland, ME (the more populous first)', async () => {
    const got = labels(await search('Portland'));
    expect(got.slice(0, 2)).toEqual(['Portland, OR', 'Portland, ME']);
    expect(got).toHaveLength(8);
  });

  it('completes a prefix', async () => {
    expect(labels(await search('portl'))[0]).toBe('Portland, OR');
  });

  it('ignores accents and case', async () => {
    expect(labels(await search('montreal'))[0]).toBe('Montréal, Canada');
    expect(labels(await search('SAO PAULO'))[0]).toBe('São Paulo, Brazil');
  });

  it('forgives a typo within trigram similarity', async () => {
    expect(labels(await search('Portlnd'))).toContain('Portland, OR');
  });

  it('suggests ZIP codes for digits, each named by its nearest city', async () => {
    const got = await search('972');
    expect(got.length).toBeGreaterThan(0);
    for (const r of got) {
      expect(r.kind).toBe('zip');
      expect(r.label).toMatch(/^972\d\d · .+, OR$/);
    }
    expect(labels(await search('97205'))).toEqual(['97205 · Portland, OR']);
  });

  it('gives nothing for an empty or one-character query', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('p')).toEqual([]);
    expect(await search(' é ')).toEqual([]);
  });

  it('gives at most 20 rows, whatever is asked', async () => {
    expect(await search('po', 100)).toHaveLength(20);
    expect(await search('po', 3)).toHaveLength(3);
  });

  it('answers a signed-in user the same', async () => {
    expect(labels(await search('Portland', 2, signedIn))).toEqual(['Portland, OR', 'Portland, ME']);
  });
});

describe('nearest_place', () => {
  it('names a position by its nearest city', async () => {
    const { data, error } = await anon.rpc('nearest_place', { latitude: 45.52, longitude: -122.68 });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ label: 'Portland, OR', kind: 'city', id: expect.stringMatching(/^gn:\d+$/) }),
    ]);
  });

  it('gives nothing in mid-ocean (no city within 50 miles)', async () => {
    const { data, error } = await anon.rpc('nearest_place', { latitude: 0, longitude: -140 });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses coordinates out of range (22023, 400)', async () => {
    const { data, error, status } = await anon.rpc('nearest_place', { latitude: 91, longitude: 0 });
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
  });
});

describe('places table', () => {
  it('is readable by a signed-out visitor', async () => {
    const { data, error } = await anon.from('places').select('id, label, kind, country').eq('label', 'Portland, OR');
    expect(error).toBeNull();
    expect(data).toContainEqual(expect.objectContaining({ label: 'Portland, OR', kind: 'city', country: 'US' }));
  });

  it('refuses writes from a signed-in user (42501) and changes nothing', async () => {
    const before = await c.query(`select label from public.places where label = 'Portland, OR'`);
    const inserted = await signedIn.from('places').insert({
      id: 'gn:999999999',
      kind: 'city',
      name: 'Nowhere',
      country: 'US',
      label: 'Nowhere, OR',
      latitude: 45,
      longitude: -122,
    });
    expect(inserted.error?.code).toBe('42501');
    const updated = await signedIn.from('places').update({ label: 'Renamed' }).eq('label', 'Portland, OR');
    expect(updated.error?.code).toBe('42501');
    const deleted = await signedIn.from('places').delete().eq('label', 'Portland, OR');
    expect(deleted.error?.code).toBe('42501');
    const anonInsert = await anon.from('places').insert({
      id: 'gn:999999998',
      kind: 'city',
      name: 'Nowhere',
      country: 'US',
      label: 'Nowhere, OR',
      latitude: 45,
      longitude: -122,
    });
    expect(anonInsert.error?.code).toBe('42501');
    expect((await c.query(`select label from public.places where label = 'Portland, OR'`)).rows).toEqual(before.rows);
    expect((await c.query(`select 1 from public.places where id in ('gn:999999999', 'gn:999999998')`)).rowCount).toBe(
      0,
    );
  });
});
