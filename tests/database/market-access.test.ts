import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientAs,
  listen,
  type Listening,
  realtimeClient,
  serviceClient,
  signUserJwt,
  sleep,
  waitFor,
} from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Who sees and writes what in the market (docs/decisions/0026-market.md), through the API as the app calls it:
 * offers (the buyer and the seller only), saved pieces and designers (own rows), the seller conversation (its two
 * participants, live), and the listing's own columns (status, photos, condition, saved count).
 */
let c: pg.Client;
let seller: string;
let buyer: string;
let stranger: string;
let people: string[] = [];
const open: Listening[] = [];

beforeAll(async () => {
  c = await connect();
  seller = await createUser(c, { role: 'designer', fullName: 'Sally Seller', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bea Buyer', subscribe: 'client' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Sam Stranger', subscribe: 'client' });
  people = [seller, buyer, stranger];
});
afterAll(async () => {
  for (const l of open) await l.channel.unsubscribe();
  await deleteUsers(c, people);
  await c.end();
});

async function piece(extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await (
    await clientAs(seller)
  )
    .from('catalog_items')
    .insert({
      designer_id: seller,
      title: 'Opaline glass lamp',
      description: 'Milk glass shade, rewired',
      category: 'lighting',
      price: 95,
      condition: 'excellent',
      ...extra,
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

describe('offers: the buyer and the seller only', () => {
  it('the buyer sees their offer, the seller sees offers on their piece, nobody else sees it or writes one', async () => {
    const item = await piece();
    const made = await (await clientAs(buyer)).rpc('make_offer', { item_id: item, amount: 70, note: 'Cash' });
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({ status: 'open', amount: 70, buyer_id: buyer, seller_id: seller });
    const id = made.data!.id;
    for (const who of [buyer, seller]) {
      const { data } = await (
        await clientAs(who)
      )
        .from('offers')
        .select('id, amount, note')
        .eq('catalog_item_id', item);
      expect(data).toEqual([{ id, amount: 70, note: 'Cash' }]);
    }
    const { data: snooped } = await (await clientAs(stranger)).from('offers').select('id').eq('catalog_item_id', item);
    expect(snooped).toEqual([]);
    // No direct writes, even by the parties.
    const sellerClient = await clientAs(seller);
    const upd = await sellerClient.from('offers').update({ status: 'accepted' }).eq('id', id).select();
    expect(upd.error?.code).toBe('42501');
    const ins = await (
      await clientAs(buyer)
    )
      .from('offers')
      .insert({ catalog_item_id: item, buyer_id: buyer, seller_id: seller, amount: 1 });
    expect(ins.error?.code).toBe('42501');
    const del = await (await clientAs(buyer)).from('offers').delete().eq('id', id);
    expect(del.error?.code).toBe('42501');
    // The answer comes back as the app shows it.
    const refused = await (await clientAs(stranger)).rpc('respond_to_offer', { offer_id: id, action: 'accept' });
    expect(refused.error).toMatchObject({ code: 'P0002', message: 'Offer not found' });
    const tooMuch = await (await clientAs(buyer)).rpc('make_offer', { item_id: await piece(), amount: 96 });
    expect(tooMuch.error).toMatchObject({ code: '22023', message: 'Your offer cannot be more than the price ($95)' });
  });
});

describe('saved pieces and designers', () => {
  it('own rows only; the piece counts its savers; a delisted piece cannot be saved by others', async () => {
    const item = await piece();
    const buyerClient = await clientAs(buyer);
    expect((await buyerClient.from('saved_items').insert({ user_id: buyer, catalog_item_id: item })).error).toBeNull();
    expect((await (await clientAs(stranger)).from('saved_items').insert({ catalog_item_id: item })).error).toBeNull();
    const count = async () =>
      (await c.query(`select saved_count from public.catalog_items where id = $1`, [item])).rows[0].saved_count;
    expect(await count()).toBe(2);
    // Saving for someone else is refused; each reads only their own rows.
    const forged = await buyerClient.from('saved_items').insert({ user_id: stranger, catalog_item_id: await piece() });
    expect(forged.error?.code).toBe('42501');
    const mine = await buyerClient.from('saved_items').select('user_id, catalog_item_id').eq('catalog_item_id', item);
    expect(mine.data).toEqual([{ user_id: buyer, catalog_item_id: item }]);
    // The stranger cannot remove the buyer's row (no error, nothing deleted), the buyer can.
    await (await clientAs(stranger)).from('saved_items').delete().eq('user_id', buyer);
    expect(await count()).toBe(2);
    await buyerClient.from('saved_items').delete().eq('catalog_item_id', item);
    expect(await count()).toBe(1);
    // The seller reads the count on their listing.
    const { data } = await (await clientAs(seller)).from('catalog_items').select('saved_count').eq('id', item).single();
    expect(data).toEqual({ saved_count: 1 });
    const delisted = await piece();
    await (await clientAs(seller)).from('catalog_items').update({ status: 'delisted' }).eq('id', delisted);
    const hidden = await buyerClient.from('saved_items').insert({ catalog_item_id: delisted });
    expect(hidden.error?.code).toBe('42501');
  });

  it('saved rows do not make embeds of profiles ambiguous (no join table between profiles and pieces or designers)', async () => {
    const client = await clientAs(buyer);
    const designers = await client
      .from('designer_profiles')
      .select('user_id, profiles(full_name)')
      .eq('user_id', seller);
    expect(designers.error).toBeNull();
    expect(designers.data).toHaveLength(1);
    const pieces = await (await clientAs(seller)).from('catalog_items').select('id, profiles(full_name)').limit(1);
    expect(pieces.error).toBeNull();
    const saved = await client.from('saved_items').select('catalog_item_id, catalog_items(title)').limit(1);
    expect(saved.error).toBeNull();
  });

  it('designers: own rows only, never oneself', async () => {
    const buyerClient = await clientAs(buyer);
    expect((await buyerClient.from('saved_designers').insert({ designer_id: seller })).error).toBeNull();
    const twice = await buyerClient.from('saved_designers').insert({ designer_id: seller });
    expect(twice.error?.code).toBe('23505');
    const self = await (await clientAs(seller)).from('saved_designers').insert({ designer_id: seller });
    expect(self.error?.code).toBe('42501');
    const { data } = await (await clientAs(stranger)).from('saved_designers').select('user_id');
    expect(data).toEqual([]);
    const own = await buyerClient.from('saved_designers').select('designer_id');
    expect(own.data).toEqual([{ designer_id: seller }]);
  });
});

describe('ask the seller', () => {
  it('one conversation per buyer and piece; the two participants read and write it, live; the other is told', async () => {
    const item = await piece();
    const buyerClient = await clientAs(buyer);
    const first = await buyerClient.rpc('start_listing_conversation', { item_id: item });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ catalog_item_id: item, buyer_id: buyer, seller_id: seller });
    const again = await buyerClient.rpc('start_listing_conversation', { item_id: item });
    expect(again.data!.id).toBe(first.data!.id);
    const own = await (await clientAs(seller)).rpc('start_listing_conversation', { item_id: item });
    expect(own.error).toMatchObject({ code: '42501', message: 'This is your own piece' });
    const conversation = first.data!.id;

    const sellerFeed = await listen(realtimeClient(await signUserJwt(seller)), `lm-${seller.slice(0, 8)}`, [
      { event: 'INSERT', table: 'listing_messages', filter: `conversation_id=eq.${conversation}` },
    ]);
    const snoopFeed = await listen(realtimeClient(await signUserJwt(stranger)), `lm-${stranger.slice(0, 8)}`, [
      { event: 'INSERT', table: 'listing_messages' },
    ]);
    open.push(sellerFeed, snoopFeed);

    const sent = await buyerClient
      .from('listing_messages')
      .insert({ conversation_id: conversation, sender_id: buyer, body: '  Is the shade chipped?  ' })
      .select('body')
      .single();
    expect(sent.data).toEqual({ body: 'Is the shade chipped?' });
    await waitFor(() => sellerFeed.changes.length > 0, 'the message, live');
    expect(sellerFeed.changes[0]).toMatchObject({ new: { body: 'Is the shade chipped?', sender_id: buyer } });

    const reply = await (
      await clientAs(seller)
    )
      .from('listing_messages')
      .insert({ conversation_id: conversation, body: 'Not a chip on it.' });
    expect(reply.error).toBeNull();

    const strangerClient = await clientAs(stranger);
    const intrude = await strangerClient.from('listing_messages').insert({ conversation_id: conversation, body: 'Hi' });
    expect(intrude.error?.code).toBe('42501');
    const impersonate = await buyerClient
      .from('listing_messages')
      .insert({ conversation_id: conversation, sender_id: seller, body: 'Sold to you for $1' });
    expect(impersonate.error?.code).toBe('42501');
    const empty = await buyerClient.from('listing_messages').insert({ conversation_id: conversation, body: '   ' });
    expect(empty.error?.code).toBe('23514');
    expect((await strangerClient.from('listing_conversations').select('id').eq('id', conversation)).data).toEqual([]);
    expect(
      (await strangerClient.from('listing_messages').select('id').eq('conversation_id', conversation)).data,
    ).toEqual([]);
    const thread = await buyerClient
      .from('listing_messages')
      .select('body')
      .eq('conversation_id', conversation)
      .order('created_at');
    expect(thread.data).toEqual([{ body: 'Is the shade chipped?' }, { body: 'Not a chip on it.' }]);
    const conv = await buyerClient
      .from('listing_conversations')
      .select('last_message_at')
      .eq('id', conversation)
      .single();
    expect(conv.data!.last_message_at).not.toBeNull();

    const notes = (
      await c.query(
        `select user_id, kind, title, body, link from public.notifications where kind = 'listing_message'
                      and user_id = any($1::uuid[]) order by created_at`,
        [people],
      )
    ).rows;
    expect(notes).toEqual([
      {
        user_id: seller,
        kind: 'listing_message',
        title: 'Bea Buyer sent a message about "Opaline glass lamp"',
        body: 'Is the shade chipped?',
        link: `/good-stuff/${item}`,
      },
      {
        user_id: buyer,
        kind: 'listing_message',
        title: 'Sally Seller sent a message about "Opaline glass lamp"',
        body: 'Not a chip on it.',
        link: `/good-stuff/${item}`,
      },
    ]);
    await sleep(300);
    expect(
      snoopFeed.changes.filter((ch) => (ch.new as { conversation_id?: string }).conversation_id === conversation),
    ).toEqual([]);
  });
});

describe('the listing', () => {
  it('status drives is_available; sold pieces stay visible, delisted ones only to the seller; relisting works', async () => {
    const item = await piece();
    const sellerClient = await clientAs(seller);
    const buyerClient = await clientAs(buyer);
    const read = async (client: typeof buyerClient) =>
      (await client.from('catalog_items').select('status, is_available').eq('id', item)).data;
    await sellerClient.from('catalog_items').update({ status: 'sold' }).eq('id', item);
    expect(await read(buyerClient)).toEqual([{ status: 'sold', is_available: false }]);
    await sellerClient.from('catalog_items').update({ status: 'delisted' }).eq('id', item);
    expect(await read(buyerClient)).toEqual([]);
    expect(await read(sellerClient)).toEqual([{ status: 'delisted', is_available: false }]);
    await sellerClient.from('catalog_items').update({ status: 'available' }).eq('id', item);
    expect(await read(buyerClient)).toEqual([{ status: 'available', is_available: true }]);
    // An older writer of is_available delists and relists.
    await sellerClient.from('catalog_items').update({ is_available: false }).eq('id', item);
    expect(await read(sellerClient)).toEqual([{ status: 'delisted', is_available: false }]);
    const bad = await sellerClient.from('catalog_items').update({ status: 'gone' }).eq('id', item);
    expect(bad.error?.code).toBe('23514');
    // Nobody else changes it.
    await buyerClient.from('catalog_items').update({ status: 'sold' }).eq('id', item);
    expect(await read(sellerClient)).toEqual([{ status: 'delisted', is_available: false }]);
  });

  it('photos: at most 6, the first is image_url; dimensions in inches; condition keys (labels accepted)', async () => {
    // The seller's own uploads: a listing takes no other photo (tests/database/listing-photos.test.ts).
    const bucket = serviceClient().storage.from('catalog-images');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const urls: string[] = [];
    for (const n of [1, 2, 3]) {
      const { error } = await bucket.upload(`${seller}/${n}.png`, png, { contentType: 'image/png', upsert: true });
      if (error) throw error;
      urls.push(bucket.getPublicUrl(`${seller}/${n}.png`).data.publicUrl);
    }
    const item = await piece({ photo_urls: urls, width_in: 12.5, depth_in: 12, height_in: 20, condition: 'Very good' });
    const row = async () =>
      (
        await c.query(`select photo_urls, image_url, width_in, condition from public.catalog_items where id = $1`, [
          item,
        ])
      ).rows[0];
    expect(await row()).toEqual({ photo_urls: urls, image_url: urls[0], width_in: '12.5', condition: 'very_good' });
    const sellerClient = await clientAs(seller);
    await sellerClient
      .from('catalog_items')
      .update({ photo_urls: [urls[2], urls[0]] })
      .eq('id', item);
    expect((await row()).image_url).toBe(urls[2]);
    const seven = await sellerClient
      .from('catalog_items')
      .update({ photo_urls: [...urls, ...urls, urls[0]] })
      .eq('id', item);
    expect(seven.error?.code).toBe('23514');
    for (const patch of [{ width_in: 0 }, { height_in: 1200.1 }, { condition: 'mint-ish' }, { photo_urls: [''] }]) {
      const r = await sellerClient.from('catalog_items').update(patch).eq('id', item);
      expect(r.error?.code, JSON.stringify(patch)).toBe('23514');
    }
    // An older client that writes only image_url sets the cover.
    const legacy = await piece({ image_url: urls[1] });
    expect(
      (await c.query(`select photo_urls from public.catalog_items where id = $1`, [legacy])).rows[0].photo_urls,
    ).toEqual([urls[1]]);
  });

  it('signed out: no market reads or writes', async () => {
    const anon = await asActor(c, { role: 'anon' }, `select count(*) from public.offers`);
    expect(anon).toMatchObject({ ok: false, code: '42501' });
    const search = await asActor(c, { role: 'anon' }, `select * from public.search_catalog_items()`);
    expect(search).toMatchObject({ ok: false, code: '42501' });
    const seen = await asActor(c, user(stranger), `select count(*)::int as n from public.search_catalog_items()`);
    expect(seen.ok).toBe(true);
  });
});

describe('the demo seed', () => {
  it('shows the market: dimensions and grades on every piece, saved pieces, an open offer the seller was told of', async () => {
    const pieces = (
      await c.query(`select count(*)::int as n, count(width_in)::int as sized, count(dimensions)::int as old,
                            array_agg(distinct condition order by condition) as grades
                       from public.catalog_items where id::text like 'f0000000-%'`)
    ).rows[0];
    expect(pieces).toEqual({ n: 36, sized: 36, old: 0, grades: ['excellent', 'fair', 'good', 'very_good'] });
    const maya = 'c0000000-0000-4000-8000-000000000001';
    const ava = 'd0000000-0000-4000-8000-000000000002';
    const saved = (await c.query(`select count(*)::int as n from public.saved_items where user_id = $1`, [maya]))
      .rows[0].n;
    expect(saved).toBe(3);
    const offer = (await (await clientAs(ava)).from('offers').select('buyer_id, amount, status').eq('seller_id', ava))
      .data;
    expect(offer).toEqual([{ buyer_id: maya, amount: 240, status: 'open' }]);
    const told = (
      await c.query(
        `select count(*)::int as n from public.notifications where user_id = $1 and kind = 'offer_received'`,
        [ava],
      )
    ).rows[0].n;
    expect(told).toBe(1);
  });
});

describe('profiles', () => {
  it("the parties of an offer or a conversation read each other's name; nobody else does", async () => {
    const item = await piece();
    const asker = await createUser(c, { role: 'customer', fullName: 'Ada Asker', subscribe: 'client' });
    const offerer = await createUser(c, { role: 'customer', fullName: 'Otto Offerer', subscribe: 'client' });
    people.push(asker, offerer);
    const names = async (who: string, ids: string[]) =>
      (
        (await (await clientAs(who)).from('profiles').select('full_name').in('id', ids).order('full_name')).data ?? []
      ).map((r) => r.full_name);
    expect(await names(seller, [asker, offerer])).toEqual([]);
    expect((await (await clientAs(offerer)).rpc('make_offer', { item_id: item, amount: 50 })).error).toBeNull();
    expect((await (await clientAs(asker)).rpc('start_listing_conversation', { item_id: item })).error).toBeNull();
    expect(await names(seller, [asker, offerer])).toEqual(['Ada Asker', 'Otto Offerer']);
    expect(await names(offerer, [seller])).toEqual(['Sally Seller']);
    expect(await names(asker, [seller])).toEqual(['Sally Seller']);
    expect(await names(stranger, [seller, asker, offerer])).toEqual([]);
    expect(await names(asker, [offerer])).toEqual([]);
  });
});
