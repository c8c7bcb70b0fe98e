import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, sql, stackConfig } from '@good-space/local-supabase/testing';
import { connect, deleteUsers } from './support/pg.ts';

/**
 * Listing photos are the seller's own uploads (docs/product.md, Good Stuff; migration 20261130000500): a seller,
 * with supabase-js against the public API, can put on a piece only this project's public URL of an object in
 * catalog-images under their own folder. Anything else is refused with 23514 and a message, and changes nothing.
 */
interface Seller {
  id: string;
  client: SupabaseClient;
}
const made: string[] = [];
let people = 0;
async function seller(): Promise<Seller> {
  people += 1;
  const user = await createUser({
    metadata: {
      full_name: `Photo Seller ${people}`,
      username: `listing-photos-${people}-${Date.now()}`,
      role: 'designer',
    },
  });
  made.push(user.id);
  // Listing needs the Designer membership (20261129000200_listing_membership.sql).
  await sql(
    `insert into public.subscriptions (user_id, plan, status, provider, current_period_end)
     values ($1, 'designer', 'active', 'sandbox', now() + interval '30 days')`,
    [user.id],
  );
  return { id: user.id, client: await signedInClient(user.email, user.password) };
}

// A one-pixel PNG: what the seller uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function upload(s: Seller, name: string): Promise<string> {
  const bucket = s.client.storage.from('catalog-images');
  const { error } = await bucket.upload(`${s.id}/${name}`, PNG, { contentType: 'image/png' });
  if (error) throw error;
  return bucket.getPublicUrl(`${s.id}/${name}`).data.publicUrl;
}

const listing = (s: Seller, photo_urls: string[]) => ({
  designer_id: s.id,
  title: 'Walnut side table',
  description: 'Solid walnut, one drawer',
  category: 'table',
  price: 180,
  condition: 'good',
  location: 'Portland, OR',
  photo_urls,
});

async function photosOf(id: string): Promise<{ photo_urls: string[]; image_url: string | null }> {
  const [row] = await sql<{ photo_urls: string[]; image_url: string | null }>(
    `select photo_urls, image_url from public.catalog_items where id = $1`,
    [id],
  );
  return row!;
}
const piecesOf = async (s: Seller) =>
  (await sql<{ n: number }>(`select count(*)::int as n from public.catalog_items where designer_id = $1`, [s.id]))[0]!
    .n;

let alice: Seller;
let bob: Seller;
let own: string;
let bobs: string;

beforeAll(async () => {
  [alice, bob] = [await seller(), await seller()];
  own = await upload(alice, 'table-1.png');
  bobs = await upload(bob, 'chair-1.png');
});

afterAll(async () => {
  const c = await connect();
  await deleteUsers(c, made);
  await c.end();
});

const api = stackConfig.apiUrl.replace(/\/$/, '');
const ownPath = () => `${alice.id}/table-1.png`;
const attacks = (): [string, string, RegExp][] => [
  ['an external URL (a tracking pixel)', 'https://tracker.example/pixel.gif?u=1', /not a photo uploaded to Good Stuff/],
  ["another seller's photo", bobs, /not one of your uploaded photos/],
  [
    'an object that does not exist',
    `${api}/storage/v1/object/public/catalog-images/${alice.id}/missing.png`,
    /not found/,
  ],
  [
    "a '../' path into another folder",
    `${api}/storage/v1/object/public/catalog-images/${alice.id}/../${bob.id}/chair-1.png`,
    /not a photo uploaded to Good Stuff/,
  ],
  [
    'an encoded ../',
    `${api}/storage/v1/object/public/catalog-images/${alice.id}/%2e%2e/${bob.id}/chair-1.png`,
    /not a photo uploaded to Good Stuff/,
  ],
  [
    'the right path on another host',
    `https://evil.example/storage/v1/object/public/catalog-images/${ownPath()}`,
    /not a photo uploaded/,
  ],
  ['a query string', `${own}?track=buyer`, /not a photo uploaded to Good Stuff/],
  ['a fragment', `${own}#x`, /not a photo uploaded to Good Stuff/],
  ['the private object endpoint', `${api}/storage/v1/object/catalog-images/${ownPath()}`, /not a photo uploaded/],
];

describe('listing photos are the seller’s own uploads', () => {
  it('their own uploaded photo is accepted, cover first', async () => {
    const { data, error } = await alice.client
      .from('catalog_items')
      .insert(listing(alice, [own]))
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(await photosOf(data!.id)).toEqual({ photo_urls: [own], image_url: own });
  });

  it('on insert: every other URL is refused with a clear message, and no piece is made', async () => {
    const before = await piecesOf(alice);
    for (const [what, url, message] of attacks()) {
      const { data, error } = await alice.client
        .from('catalog_items')
        .insert(listing(alice, [own, url]))
        .select('id');
      expect(data, what).toBeNull();
      expect(error?.code, what).toBe('23514');
      expect(error?.message, what).toMatch(/^Listing photos must be photos you uploaded for your listings: /);
      expect(error?.message, what).toMatch(message);
    }
    expect(await piecesOf(alice)).toBe(before);
  });

  it('on update (photo_urls or image_url): refused, and the photos stay as they were', async () => {
    const { data } = await alice.client
      .from('catalog_items')
      .insert(listing(alice, [own]))
      .select('id')
      .single();
    const id = data!.id as string;
    for (const [what, url] of attacks()) {
      for (const patch of [{ photo_urls: [url] }, { photo_urls: [own, url] }, { image_url: url }]) {
        const { error } = await alice.client.from('catalog_items').update(patch).eq('id', id);
        expect(error?.code, `${what} ${JSON.stringify(patch)}`).toBe('23514');
      }
    }
    expect(await photosOf(id)).toEqual({ photo_urls: [own], image_url: own });
    // Another own upload is fine; so is taking every photo off.
    const second = await upload(alice, 'table-2.png');
    expect(
      (
        await alice.client
          .from('catalog_items')
          .update({ photo_urls: [second, own] })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect(await photosOf(id)).toEqual({ photo_urls: [second, own], image_url: second });
    expect((await alice.client.from('catalog_items').update({ photo_urls: [] }).eq('id', id)).error).toBeNull();
  });

  it('the service role is held to the same rule', async () => {
    const [row] = await sql<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition)
       values ($1, 'Lamp', 'Brass', 'lighting', 40, 'good') returning id`,
      [alice.id],
    );
    await expect(
      sql(`update public.catalog_items set image_url = 'https://tracker.example/p.gif' where id = $1`, [row!.id]),
    ).rejects.toThrow(/not a photo uploaded to Good Stuff/);
  });
});
