import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  clientAs,
  listen,
  type Listening,
  realtimeClient,
  serviceClient,
  signUserJwt,
  waitFor,
} from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/**
 * Buy Now's database (docs/decisions/0029-paying-sellers.md): seller accounts, orders opened at the database's
 * amount, paid once per piece (a double payment is refunded), collected and completed, cancelled and refunded, who
 * sees them and who is told. The edge functions call the service-role functions (here through pg as the service
 * role); the app calls buy_now_quote and mark_order_collected (here through supabase-js as a user). The handover's
 * own rules and money are buyer-protection-*.test.ts's (docs/orders.md).
 */
let c: pg.Client;
const conns: pg.Client[] = [];
let seller: string;
let unpaidSeller: string;
let buyer: string;
let rival: string;
let stranger: string;
let designer: string;
let people: string[] = [];
const feeds: Listening[] = [];

const SERVICE = { role: 'service_role' } as const;
const svc = (sql: string, params: unknown[] = [], conn = c): Promise<Outcome> => asActor(conn, SERVICE, sql, params);
const as = (who: string, sql: string, params: unknown[] = []): Promise<Outcome> => asActor(c, user(who), sql, params);

function sandboxAccountId(): string {
  return (
    'acct_sandbox_' +
    [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')
  );
}

async function payable(who: string, provider: 'sandbox' | 'stripe' = 'sandbox'): Promise<string> {
  const id = provider === 'sandbox' ? sandboxAccountId() : `acct_1Test${Math.random().toString(36).slice(2, 12)}`;
  expect(await svc(`select public.seller_account_save($1, $2, $3)`, [who, provider, id])).toMatchObject({ ok: true });
  expect(await svc(`select public.seller_account_update($1, true, true, true, true, '{}', null)`, [id])).toMatchObject({
    ok: true,
  });
  return id;
}

beforeAll(async () => {
  c = await connect();
  for (let i = 0; i < 2; i++) conns.push(await connect());
  seller = await createUser(c, { role: 'designer', fullName: 'Sally Seller', subscribe: 'designer' });
  unpaidSeller = await createUser(c, { role: 'designer', fullName: 'Nora Notready', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bea Buyer', subscribe: 'client' });
  rival = await createUser(c, { role: 'customer', fullName: 'Rick Rival', subscribe: 'client' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Sam Stranger', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dev Designer', subscribe: 'designer' });
  people = [seller, unpaidSeller, buyer, rival, stranger, designer];
  await payable(seller);
});
afterAll(async () => {
  for (const f of feeds) await f.channel.unsubscribe();
  await c.query(`delete from public.orders where seller_id = any($1::uuid[])`, [people]);
  await deleteUsers(c, people);
  await Promise.all([c, ...conns].map((x) => x.end()));
});

/** A photo the seller uploaded (a listing takes no other: 20261130000500_listing_photos.sql); its public URL. */
async function photoOf(owner: string): Promise<string> {
  const bucket = serviceClient().storage.from('catalog-images');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const { error } = await bucket.upload(`${owner}/lamp.png`, png, { contentType: 'image/png', upsert: true });
  if (error) throw error;
  return bucket.getPublicUrl(`${owner}/lamp.png`).data.publicUrl;
}

async function piece(price = 85, title = 'Opaline glass lamp', owner = seller): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition, photo_urls)
     values ($1, $2, 'Milk glass shade, rewired', 'lighting', $3, 'very_good', array[$4])
     returning id`,
    [owner, title, price, await photoOf(owner)],
  );
  return r.rows[0]!.id;
}

async function project(customer = buyer, assigned: string | null = designer): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
     values ($1, $2, 'Reading nook', 'A quiet corner', 'Austin', 120, 2000, 'soft', 'active') returning id`,
    [customer, assigned],
  );
  return r.rows[0]!.id;
}

interface Opened {
  order: { id: string; amount: number | string; offer_id: string | null; status: string; [k: string]: unknown };
  seller_account_id: string;
  item_title: string;
  item_photo_url: string | null;
}

const open = (who: string, item: string, provider = 'sandbox') =>
  svc(`select public.order_open($1, $2, $3) as r`, [who, item, provider]);

async function opened(who: string, item: string): Promise<Opened> {
  const r = await open(who, item);
  expect(r).toMatchObject({ ok: true });
  return r.rows[0]!.r as Opened;
}

async function markPaid(orderId: string, pi = `pi_${orderId.slice(0, 8)}`, conn = c) {
  const r = await svc(`select public.order_mark_paid($1, $2) as r`, [orderId, pi], conn);
  expect(r).toMatchObject({ ok: true });
  return r.rows[0]!.r as { outcome: string; order: { status: string; payment_intent_id: string | null } };
}

const conversationOf = async (item: string, who: string): Promise<string | undefined> =>
  (
    await c.query(`select id from public.listing_conversations where catalog_item_id = $1 and buyer_id = $2`, [
      item,
      who,
    ])
  ).rows[0]?.id;
const orderRow = async (id: string) => (await c.query(`select * from public.orders where id = $1`, [id])).rows[0];
const pieceRow = async (id: string) =>
  (await c.query(`select status, reserved_until, held_until from public.catalog_items where id = $1`, [id])).rows[0];

async function notificationsOf(orderId: string) {
  return (
    await c.query<{ user_id: string; kind: string; title: string; body: string | null; actor_id: string | null }>(
      `select user_id, kind, title, body, actor_id from public.notifications where link = $1 order by created_at, kind`,
      ['/orders/' + orderId],
    )
  ).rows;
}

async function acceptOffer(who: string, item: string, amount: number, counter?: number): Promise<string> {
  const made = await as(who, `select (public.make_offer($1, $2)).id`, [item, amount]);
  expect(made).toMatchObject({ ok: true });
  const id = made.rows[0]!.id as string;
  if (counter === undefined) {
    expect(await as(seller, `select public.respond_to_offer($1, 'accept')`, [id])).toMatchObject({ ok: true });
  } else {
    expect(await as(seller, `select public.respond_to_offer($1, 'counter', $2)`, [id, counter])).toMatchObject({
      ok: true,
    });
    expect(await as(who, `select public.respond_to_counter($1, 'accept')`, [id])).toMatchObject({ ok: true });
  }
  return id;
}

describe('seller accounts', () => {
  it('one per seller: a second save returns the first unchanged; the provider says whether it can be paid', async () => {
    const first = sandboxAccountId();
    const saved = await svc(`select (a).* from public.seller_account_save($1, 'sandbox', $2) a`, [designer, first]);
    expect(saved.rows[0]).toMatchObject({ user_id: designer, account_id: first, can_be_paid: false });
    const again = await svc(`select (a).* from public.seller_account_save($1, 'sandbox', $2) a`, [
      designer,
      sandboxAccountId(),
    ]);
    expect(again.rows[0]).toMatchObject({ account_id: first });

    const partly = await svc(
      `select (a).* from public.seller_account_update($1, true, false, true, true, array['external_account'], ' ') a`,
      [first],
    );
    expect(partly.rows[0]).toMatchObject({
      charges_enabled: true,
      payouts_enabled: false,
      transfers_active: true,
      requirements_due: ['external_account'],
      disabled_reason: null,
      can_be_paid: false,
    });
    const ready = await svc(
      `select (a).* from public.seller_account_update($1, true, true, true, true, '{}', null) a`,
      [first],
    );
    expect(ready.rows[0]).toMatchObject({ can_be_paid: true, requirements_due: [] });
    const got = await svc(`select (a).account_id from public.seller_account_get($1) a`, [designer]);
    expect(got.rows[0]!.account_id).toBe(first);
    expect(
      (await svc(`select (a).user_id from public.seller_account_get($1) a`, [stranger])).rows[0]!.user_id,
    ).toBeNull();
    expect(
      (
        await svc(
          `select (a).user_id from public.seller_account_update('acct_sandbox_nope', true, true, true, true, '{}', null) a`,
        )
      ).rows[0]!.user_id,
    ).toBeNull();
    await c.query(`delete from public.seller_accounts where user_id = $1`, [designer]);
  });

  it('customers cannot have one; a sandbox account id is never a Stripe one', async () => {
    expect(
      await svc(`select public.seller_account_save($1, 'sandbox', $2)`, [stranger, sandboxAccountId()]),
    ).toMatchObject({ ok: false, code: '42501', message: 'Only designers sell on Good Stuff' });
    expect(
      await svc(`select public.seller_account_save($1, 'stripe', $2)`, [designer, sandboxAccountId()]),
    ).toMatchObject({ ok: false, code: '23514' });
    expect(await svc(`select public.seller_account_save($1, 'sandbox', 'acct_1Abc')`, [designer])).toMatchObject({
      ok: false,
      code: '23514',
    });
  });

  it('the seller reads their own account through the API; nobody else does, and no client writes it', async () => {
    const own = await (await clientAs(seller)).from('seller_accounts').select('user_id, can_be_paid');
    expect(own).toMatchObject({ error: null, data: [{ user_id: seller, can_be_paid: true }] });
    const other = await (await clientAs(designer)).from('seller_accounts').select('user_id').eq('user_id', seller);
    expect(other).toMatchObject({ error: null, data: [] });
    const client = await clientAs(seller);
    const ins = await client
      .from('seller_accounts')
      .insert({ user_id: designer, provider: 'sandbox', account_id: sandboxAccountId() });
    expect(ins.error?.code).toBe('42501');
    const upd = await client.from('seller_accounts').update({ payouts_enabled: false }).eq('user_id', seller);
    expect(upd.error?.code).toBe('42501');
    const del = await client.from('seller_accounts').delete().eq('user_id', seller);
    expect(del.error?.code).toBe('42501');
    expect(
      (await c.query(`select can_be_paid from public.seller_accounts where user_id = $1`, [seller])).rows[0],
    ).toEqual({ can_be_paid: true });
  });
});

describe('opening an order', () => {
  it('refuses, in order: no piece, a delisted one, your own, a sold one, a seller who cannot be paid, a reservation, a hold', async () => {
    const delisted = await piece();
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [delisted]);
    const sold = await piece();
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [sold]);
    const notReady = await piece(85, 'Cane chair', unpaidSeller);
    const reserved = await piece();
    await acceptOffer(rival, reserved, 70);
    const held = await piece();
    const p = await project(rival, unpaidSeller);
    expect(await as(rival, `select public.add_catalog_item_to_project($1, $2)`, [p, held])).toMatchObject({
      ok: true,
    });
    const cases: [string, string, string, string][] = [
      [buyer, '00000000-0000-4000-8000-00000000dead', 'P0002', 'Piece not found'],
      [buyer, delisted, 'P0002', 'Piece not found'],
      [seller, await piece(), '42501', 'You cannot buy your own piece'],
      [buyer, sold, '55000', 'This piece is no longer available'],
      [buyer, notReady, '55000', 'This seller cannot take payments yet'],
      [buyer, reserved, '55000', 'This piece is reserved'],
      [buyer, held, '55000', 'This piece is held for a project'],
    ];
    for (const [who, item, code, message] of cases) {
      expect(await open(who, item), message).toMatchObject({ ok: false, code, message });
    }
    // A seller whose account still lacks something (payouts) cannot be paid either.
    const half = sandboxAccountId();
    await svc(`select public.seller_account_save($1, 'sandbox', $2)`, [unpaidSeller, half]);
    await svc(`select public.seller_account_update($1, true, false, true, true, array['external_account'], null)`, [
      half,
    ]);
    expect(await open(buyer, notReady)).toMatchObject({
      code: '55000',
      message: 'This seller cannot take payments yet',
    });
    // Nor can a sandbox account take a Stripe payment.
    expect(await open(buyer, await piece(), 'stripe')).toMatchObject({
      code: '55000',
      message: 'This seller cannot take payments yet',
    });
    expect(await open(buyer, await piece(), 'paypal')).toMatchObject({ code: '22023' });
    expect((await c.query(`select count(*)::int as n from public.orders where buyer_id = $1`, [buyer])).rows[0].n).toBe(
      0,
    );
  });

  it('charges the list price, with the title and cover as they are now, and names the seller’s account', async () => {
    const item = await piece(85, 'Brass floor lamp');
    const o = await opened(buyer, item);
    const acct = (await c.query(`select account_id from public.seller_accounts where user_id = $1`, [seller])).rows[0]
      .account_id;
    expect(o).toMatchObject({
      seller_account_id: acct,
      item_title: 'Brass floor lamp',
      item_photo_url: await photoOf(seller),
      order: { amount: 85, status: 'pending', offer_id: null, buyer_id: buyer, seller_id: seller, provider: 'sandbox' },
    });
    const row = await orderRow(o.order.id);
    expect(row.amount).toBe('85.00');
    const minutes = (row.checkout_expires_at.getTime() - row.created_at.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 3);
  });

  it('charges the buyer’s accepted offer while it holds the piece, a countered one at the counter; others are refused', async () => {
    const item = await piece(100);
    const offer = await acceptOffer(buyer, item, 70);
    expect((await opened(buyer, item)).order).toMatchObject({ amount: 70, offer_id: offer });
    expect(await open(rival, item)).toMatchObject({ ok: false, code: '55000', message: 'This piece is reserved' });

    const countered = await piece(100);
    const offer2 = await acceptOffer(buyer, countered, 60, 80);
    expect((await opened(buyer, countered)).order).toMatchObject({ amount: 80, offer_id: offer2 });

    // Past the reservation the offer no longer counts: the list price, for anyone.
    await c.query(`update public.offers set reserved_until = now() - interval '1 minute' where id = $1`, [offer]);
    await c.query(`update public.catalog_items set reserved_until = now() - interval '1 minute' where id = $1`, [item]);
    expect((await opened(buyer, item)).order).toMatchObject({ amount: 100, offer_id: null });
    expect((await opened(rival, item)).order).toMatchObject({ amount: 100 });
  });

  it('a price lowered below the accepted offer is what the buyer pays', async () => {
    const item = await piece(100);
    const offer = await acceptOffer(buyer, item, 90);
    await c.query(`update public.catalog_items set price = 75 where id = $1`, [item]);
    expect((await opened(buyer, item)).order).toMatchObject({ amount: 75, offer_id: offer });
  });

  it('the amount comes from the database only: order_open takes no amount', async () => {
    const args = await c.query(
      `select pg_get_function_identity_arguments(p.oid) as a from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname in ('order_open', 'buy_now_quote') order by p.proname`,
    );
    expect(args.rows).toEqual([{ a: 'item_id uuid' }, { a: 'p_buyer uuid, p_item_id uuid, p_provider text' }]);
  });

  it('a piece held for a project: its customer and designer may buy it, nobody else', async () => {
    const item = await piece(85);
    const p = await project(buyer, designer);
    expect(await as(buyer, `select public.add_catalog_item_to_project($1, $2)`, [p, item])).toMatchObject({ ok: true });
    expect(await open(rival, item)).toMatchObject({ code: '55000', message: 'This piece is held for a project' });
    expect((await opened(designer, item)).order.amount).toBe(85);
    expect((await opened(buyer, item)).order.amount).toBe(85);
  });

  it('a second Buy Now replaces the buyer’s open checkout for the piece', async () => {
    const item = await piece();
    const first = await opened(buyer, item);
    const other = await opened(rival, item);
    const second = await opened(buyer, item);
    expect((await orderRow(first.order.id)).status).toBe('expired');
    expect((await orderRow(other.order.id)).status).toBe('pending');
    expect((await orderRow(second.order.id)).status).toBe('pending');
  });
});

describe('paying', () => {
  it('sells the piece: order paid, other offers declined, reservation and hold gone, the project’s item bought', async () => {
    const item = await piece(85, 'Teak side table');
    const p = await project(buyer, designer);
    const added = await as(buyer, `select (public.add_catalog_item_to_project($1, $2)).id`, [p, item]);
    const projectItem = added.rows[0]!.id as string;
    const o = await opened(buyer, item);
    await c.query(`insert into public.offers (catalog_item_id, buyer_id, seller_id, amount) values ($1, $2, $3, 50)`, [
      item,
      rival,
      seller,
    ]);
    const r = await markPaid(o.order.id, 'pi_teak');
    expect(r).toMatchObject({ outcome: 'paid', order: { status: 'paid', payment_intent_id: 'pi_teak' } });
    expect((await orderRow(o.order.id)).paid_at).toBeInstanceOf(Date);
    expect(await pieceRow(item)).toEqual({ status: 'sold', reserved_until: null, held_until: null });
    expect(
      (await c.query(`select status from public.offers where catalog_item_id = $1 and buyer_id = $2`, [item, rival]))
        .rows,
    ).toEqual([{ status: 'declined' }]);
    expect(
      (await c.query(`select count(*)::int as n from private.catalog_holds where catalog_item_id = $1`, [item])).rows[0]
        .n,
    ).toBe(0);
    const pi = (await c.query(`select bought_at, order_id from public.project_items where id = $1`, [projectItem]))
      .rows[0];
    expect(pi.order_id).toBe(o.order.id);
    expect(pi.bought_at).toBeInstanceOf(Date);
    // The project's people see it bought through the API.
    const seen = await (
      await clientAs(designer)
    )
      .from('project_items')
      .select('bought_at, order_id')
      .eq('id', projectItem)
      .single();
    expect(seen.data?.order_id).toBe(o.order.id);
  });

  it('opens the pickup conversation at the sale, so the seller can write first; an existing one is kept', async () => {
    const item = await piece(40, 'Brass candlesticks');
    const o = await opened(buyer, item);
    await markPaid(o.order.id);
    const sellerView = await (
      await clientAs(seller)
    )
      .from('listing_conversations')
      .select('buyer_id, seller_id')
      .eq('catalog_item_id', item);
    expect(sellerView.data).toEqual([{ buyer_id: buyer, seller_id: seller }]);
    const sent = await (
      await clientAs(seller)
    )
      .from('listing_messages')
      .insert({ conversation_id: (await conversationOf(item, buyer))!, body: 'Saturday at ten?' });
    expect(sent.error).toBeNull();

    const asked = await piece(40, 'Brass tray');
    const conversation = (await as(buyer, `select (public.start_listing_conversation($1)).id`, [asked])).rows[0]!.id;
    await markPaid((await opened(buyer, asked)).order.id);
    expect(await conversationOf(asked, buyer)).toBe(conversation);
  });

  it('a second payment for a sold piece is to be refunded (again on a retry), then refunded; a replay is a duplicate', async () => {
    const item = await piece(85, 'Rattan lounge chair');
    const first = await opened(buyer, item);
    const second = await opened(rival, item);
    expect((await markPaid(first.order.id)).outcome).toBe('paid');
    const r = await markPaid(second.order.id, 'pi_second');
    expect(r).toMatchObject({ outcome: 'refund', order: { status: 'pending', payment_intent_id: 'pi_second' } });
    expect((await markPaid(second.order.id, 'pi_second')).outcome).toBe('refund');
    const refunded = await svc(`select (o).* from public.order_mark_refunded($1, 're_second', 'already_sold') o`, [
      second.order.id,
    ]);
    expect(refunded.rows[0]).toMatchObject({
      status: 'refunded',
      refund_id: 're_second',
      refund_reason: 'already_sold',
    });
    const again = await svc(`select (o).* from public.order_mark_refunded($1, 're_other', 'provider') o`, [
      second.order.id,
    ]);
    expect(again.rows[0]).toMatchObject({ status: 'refunded', refund_id: 're_second' });
    expect((again.rows[0]!.refunded_at as Date).getTime()).toBe((refunded.rows[0]!.refunded_at as Date).getTime());
    expect((await markPaid(second.order.id)).outcome).toBe('duplicate');
    expect((await markPaid(first.order.id)).outcome).toBe('duplicate');
    expect(await pieceRow(item)).toMatchObject({ status: 'sold' });
    expect(await orderRow(first.order.id)).toMatchObject({ status: 'paid' });
    expect((await svc(`select (public.order_for_payment_intent('pi_second')).id`)).rows[0]!.id).toBe(second.order.id);
  });

  it('a checkout past its expiry, or replaced by a later one, that still got paid is paid', async () => {
    const item = await piece();
    const o = await opened(buyer, item);
    await c.query(`update public.orders set checkout_expires_at = now() - interval '1 minute' where id = $1`, [
      o.order.id,
    ]);
    expect((await markPaid(o.order.id)).outcome).toBe('paid');

    const item2 = await piece();
    const old = await opened(buyer, item2);
    await opened(buyer, item2);
    expect((await orderRow(old.order.id)).status).toBe('expired');
    expect((await markPaid(old.order.id)).outcome).toBe('paid');
  });

  it('is refunded when the piece went to someone else meanwhile: delisted, reserved for another, held for another project', async () => {
    const delisted = await piece();
    const o1 = await opened(buyer, delisted);
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [delisted]);
    expect((await markPaid(o1.order.id)).outcome).toBe('refund');

    const reserved = await piece(100);
    const o2 = await opened(buyer, reserved);
    await acceptOffer(rival, reserved, 90);
    expect((await markPaid(o2.order.id)).outcome).toBe('refund');

    const held = await piece();
    const o3 = await opened(buyer, held);
    const p = await project(rival, unpaidSeller);
    await as(rival, `select public.add_catalog_item_to_project($1, $2)`, [p, held]);
    expect((await markPaid(o3.order.id)).outcome).toBe('refund');
    for (const item of [reserved, held]) expect((await pieceRow(item)).status).toBe('available');
  });

  it('two payments for one piece at once: exactly one is paid, the other is to be refunded', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await piece();
      const a = await opened(buyer, item);
      const b = await opened(rival, item);
      const results = await Promise.all([
        svc(`select public.order_mark_paid($1, 'pi_a') as r`, [a.order.id], conns[0]),
        svc(`select public.order_mark_paid($1, 'pi_b') as r`, [b.order.id], conns[1]),
      ]);
      const outcomes = results.map((r) => (r.rows[0]?.r as { outcome: string } | undefined)?.outcome).sort();
      expect(outcomes).toEqual(['paid', 'refund']);
      expect(
        (
          await c.query(
            `select count(*)::int as n from public.orders where catalog_item_id = $1 and status in ('paid', 'collected', 'disputed', 'completed')`,
            [item],
          )
        ).rows[0].n,
      ).toBe(1);
    }
  });

  it('the database refuses a second sale of a piece even by direct SQL', async () => {
    const item = await piece();
    const o = await opened(buyer, item);
    await markPaid(o.order.id);
    const direct = await svc(
      `insert into public.orders (catalog_item_id, buyer_id, seller_id, item_title, amount, status, provider, paid_at)
       values ($1, $2, $3, 'x', 85, 'paid', 'sandbox', now())`,
      [item, rival, seller],
    );
    expect(direct).toMatchObject({ ok: false, code: '23505' });
    const other = await opened(rival, await piece());
    const moved = await svc(
      `update public.orders set catalog_item_id = $1, status = 'paid', paid_at = now() where id = $2`,
      [item, other.order.id],
    );
    expect(moved).toMatchObject({ ok: false, code: '23505' });
  });

  it('expiring a checkout: pending only; a paid order stays paid', async () => {
    const item = await piece();
    const o = await opened(buyer, item);
    expect(await svc(`select public.order_expire($1)`, [o.order.id])).toMatchObject({ ok: true });
    expect((await orderRow(o.order.id)).status).toBe('expired');
    const p = await opened(buyer, item);
    await markPaid(p.order.id);
    await svc(`select public.order_expire($1)`, [p.order.id]);
    expect((await orderRow(p.order.id)).status).toBe('paid');
  });

  it('the checkout session is stored, once per session id', async () => {
    const a = await opened(buyer, await piece());
    const b = await opened(buyer, await piece());
    const at = new Date(Date.now() + 29 * 60_000);
    expect(
      await svc(`select public.order_set_checkout($1, 'cs_test_one', $2)`, [a.order.id, at.toISOString()]),
    ).toMatchObject({ ok: true });
    const row = await orderRow(a.order.id);
    expect(row.checkout_session_id).toBe('cs_test_one');
    expect(Math.abs(row.checkout_expires_at.getTime() - at.getTime())).toBeLessThan(1000);
    expect(await svc(`select public.order_set_checkout($1, 'cs_test_one', null)`, [b.order.id])).toMatchObject({
      ok: false,
      code: '23505',
    });
    expect(
      await svc(`select public.order_set_checkout('00000000-0000-4000-8000-00000000dead', 'cs_x', null)`),
    ).toMatchObject({ ok: false, code: 'P0002', message: 'Order not found' });
  });
});

describe('after the sale', () => {
  async function paidOrder(title = 'Walnut credenza') {
    const item = await piece(85, title);
    const o = await opened(buyer, item);
    await markPaid(o.order.id);
    return { item, id: o.order.id };
  }
  const rpc = async (who: string, fn: string, id: string) => (await clientAs(who)).rpc(fn, { order_id: id });

  it('the seller marks it collected through the API, only from paid; the buyer and strangers cannot', async () => {
    const { id } = await paidOrder();
    expect((await rpc(buyer, 'mark_order_collected', id)).error).toMatchObject({
      code: '42501',
      message: 'Only the seller marks the piece collected',
    });
    expect((await rpc(stranger, 'mark_order_collected', id)).error).toMatchObject({
      code: 'P0002',
      message: 'Order not found',
    });
    const done = await rpc(seller, 'mark_order_collected', id);
    expect(done.error).toBeNull();
    expect(done.data).toMatchObject({ id, status: 'collected' });
    expect((await rpc(seller, 'mark_order_collected', id)).error).toMatchObject({
      code: '55000',
      message: 'The piece was already collected, so it cannot be marked collected.',
    });
    const row = await orderRow(id);
    expect(row.handed_over_at).toBeInstanceOf(Date);
    expect(row.release_at).toBeInstanceOf(Date);
  });

  it('the seller cannot act on an open checkout (it is not theirs to see)', async () => {
    const o = await opened(buyer, await piece());
    expect((await rpc(seller, 'mark_order_collected', o.order.id)).error).toMatchObject({
      code: 'P0002',
      message: 'Order not found',
    });
    await c.query(`update public.orders set checkout_expires_at = now() - interval '1 second' where id = $1`, [
      o.order.id,
    ]);
    expect((await rpc(seller, 'mark_order_collected', o.order.id)).error).toMatchObject({ code: 'P0002' });
  });

  it('cancelled by the seller and refunded: the piece is for sale again; twice changes nothing', async () => {
    const { item, id } = await paidOrder();
    const r = await svc(`select (o).* from public.order_mark_refunded($1, 're_cancel', 'seller_cancelled') o`, [id]);
    expect(r.rows[0]).toMatchObject({ status: 'cancelled', refund_reason: 'seller_cancelled', refund_id: 're_cancel' });
    expect(r.rows[0]!.cancelled_at).toBeInstanceOf(Date);
    expect((await pieceRow(item)).status).toBe('available');
    const again = await svc(
      `select (o).status, (o).refund_id from public.order_mark_refunded($1, 're_2', 'seller_cancelled') o`,
      [id],
    );
    expect(again.rows[0]).toEqual({ status: 'cancelled', refund_id: 're_cancel' });
    // Bought again by someone else, then the first order's refund replayed: the piece stays sold.
    const next = await opened(rival, item);
    expect((await markPaid(next.order.id)).outcome).toBe('paid');
    await svc(`select public.order_mark_refunded($1, 're_cancel', 'provider')`, [id]);
    expect((await pieceRow(item)).status).toBe('sold');
  });

  it('a bought piece stays sold: its seller cannot relist it until the order is cancelled', async () => {
    const { item, id } = await paidOrder('Bought mirror');
    const client = await clientAs(seller);
    const relist = await client.from('catalog_items').update({ status: 'available' }).eq('id', item);
    expect(relist.error).toMatchObject({
      code: '55000',
      message: 'This piece was bought on Good Stuff: cancel its order to sell it again',
    });
    const older = await client.from('catalog_items').update({ is_available: true }).eq('id', item);
    expect(older.error?.code).toBe('55000');
    expect((await pieceRow(item)).status).toBe('sold');
    expect((await client.from('catalog_items').update({ status: 'delisted' }).eq('id', item)).error).toBeNull();
    expect((await client.from('catalog_items').update({ status: 'available' }).eq('id', item)).error?.code).toBe(
      '55000',
    );
    await svc(`select public.order_mark_refunded($1, 're_m', 'seller_cancelled')`, [id]);
    expect((await client.from('catalog_items').update({ status: 'available' }).eq('id', item)).error).toBeNull();
    // A piece marked sold by hand (sold elsewhere) is relisted as before.
    const byHand = await piece();
    await client.from('catalog_items').update({ status: 'sold' }).eq('id', byHand);
    expect((await client.from('catalog_items').update({ status: 'available' }).eq('id', byHand)).error).toBeNull();
    expect((await pieceRow(byHand)).status).toBe('available');
  });

  it('refunded from the provider’s dashboard: cancelled; a delisted piece stays delisted', async () => {
    const { item, id } = await paidOrder();
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [item]);
    const r = await svc(
      `select (o).status, (o).refund_reason from public.order_mark_refunded($1, 're_dash', 'provider') o`,
      [id],
    );
    expect(r.rows[0]).toEqual({ status: 'cancelled', refund_reason: 'provider' });
    expect((await pieceRow(item)).status).toBe('delisted');
  });

  it('refusals: an open checkout cannot be cancelled, a paid one was not paid twice, a reason must be known', async () => {
    const o = await opened(buyer, await piece());
    expect(await svc(`select public.order_mark_refunded($1, 're', 'seller_cancelled')`, [o.order.id])).toMatchObject({
      code: '55000',
      message: 'This order is pending and cannot be cancelled',
    });
    const { id } = await paidOrder();
    expect(await svc(`select public.order_mark_refunded($1, 're', 'already_sold')`, [id])).toMatchObject({
      code: '55000',
    });
    expect(await svc(`select public.order_mark_refunded($1, 're', 'oops')`, [id])).toMatchObject({ code: '22023' });
    expect((await orderRow(id)).status).toBe('paid');
  });
});

describe('who sees orders', () => {
  it('the buyer sees their checkout; the seller only once paid; a stranger never; no client writes', async () => {
    const o = await opened(buyer, await piece(85, 'Smoked glass vase'));
    const id = o.order.id;
    const read = async (who: string) =>
      (await (await clientAs(who)).from('orders').select('id, status').eq('id', id)).data;
    expect(await read(buyer)).toEqual([{ id, status: 'pending' }]);
    expect(await read(seller)).toEqual([]);
    expect(await read(stranger)).toEqual([]);
    await markPaid(id);
    expect(await read(buyer)).toEqual([{ id, status: 'paid' }]);
    expect(await read(seller)).toEqual([{ id, status: 'paid' }]);
    expect(await read(stranger)).toEqual([]);
    // Now the seller knows who bought it.
    const name = await (await clientAs(seller)).from('profiles').select('full_name').eq('id', buyer);
    expect(name.data).toEqual([{ full_name: 'Bea Buyer' }]);

    for (const who of [buyer, seller]) {
      const client = await clientAs(who);
      expect((await client.from('orders').update({ status: 'completed' }).eq('id', id)).error?.code).toBe('42501');
      expect((await client.from('orders').delete().eq('id', id)).error?.code).toBe('42501');
      const ins = await client.from('orders').insert({
        catalog_item_id: null,
        buyer_id: buyer,
        seller_id: seller,
        item_title: 'Free lamp',
        amount: 1,
        provider: 'sandbox',
        status: 'paid',
      });
      expect(ins.error?.code).toBe('42501');
    }
    expect((await orderRow(id)).status).toBe('paid');
    expect((await anonClient().from('orders').select('id').eq('id', id)).data ?? []).toEqual([]);
  });

  it('the order page follows its order live: the buyer from the checkout, the seller once paid, nobody else', async () => {
    const o = await opened(buyer, await piece(85, 'Live lamp'));
    const id = o.order.id;
    const feed = async (who: string, filter?: string) => {
      const f = await listen(realtimeClient(await signUserJwt(who)), `orders-${who.slice(0, 8)}-${id.slice(0, 8)}`, [
        { event: 'UPDATE', table: 'orders', ...(filter ? { filter } : {}) },
      ]);
      feeds.push(f);
      return f;
    };
    const buyerFeed = await feed(buyer, `id=eq.${id}`);
    const sellerFeed = await feed(seller, `id=eq.${id}`);
    const strangerFeed = await feed(stranger);
    await markPaid(id);
    expect((await (await clientAs(seller)).rpc('mark_order_collected', { order_id: id })).error).toBeNull();
    const statuses = (f: Listening) => f.changes.map((x) => (x.new as { status?: string }).status);
    await waitFor(() => statuses(buyerFeed).includes('collected'), 'the buyer to hear of collected');
    await waitFor(() => statuses(sellerFeed).includes('collected'), 'the seller to hear of collected');
    expect(statuses(buyerFeed)).toEqual(['paid', 'collected']);
    // The seller's policy hides the open checkout; the payment is the first change they may see.
    expect(statuses(sellerFeed)).toEqual(['paid', 'collected']);
    expect(strangerFeed.changes).toEqual([]);
  });

  it('the service functions are not callable by signed-in users or anonymously', async () => {
    const item = await piece();
    const calls: [string, Record<string, unknown>][] = [
      ['order_open', { p_buyer: buyer, p_item_id: item, p_provider: 'sandbox' }],
      ['order_mark_paid', { p_order_id: item, p_payment_intent_id: 'pi_x' }],
      ['order_mark_refunded', { p_order_id: item, p_refund_id: 're_x', p_reason: 'provider' }],
      ['order_expire', { p_order_id: item }],
      ['order_set_checkout', { p_order_id: item, p_session_id: 'cs_x', p_expires_at: null }],
      ['order_for_payment_intent', { p_payment_intent_id: 'pi_x' }],
      ['seller_account_get', { p_user_id: buyer }],
      ['seller_account_save', { p_user_id: seller, p_provider: 'sandbox', p_account_id: sandboxAccountId() }],
      [
        'seller_account_update',
        {
          p_account_id: 'acct_sandbox_x',
          p_charges_enabled: true,
          p_payouts_enabled: true,
          p_details_submitted: true,
          p_transfers_active: true,
          p_requirements_due: [],
          p_disabled_reason: null,
        },
      ],
    ];
    for (const client of [await clientAs(buyer), await clientAs(seller), anonClient()]) {
      for (const [fn, args] of calls) {
        const { error } = await client.rpc(fn, args);
        expect(error?.code, fn).toBe('42501');
      }
    }
    expect((await anonClient().rpc('buy_now_quote', { item_id: item })).error?.code).toBe('42501');
    expect(
      (await c.query(`select count(*)::int as n from public.orders where catalog_item_id = $1`, [item])).rows[0].n,
    ).toBe(0);
  });
});

describe('notifications', () => {
  it('a sale tells the seller and gives the buyer a receipt; collected and completed tell the other party', async () => {
    const item = await piece(85, 'Opaline glass lamp');
    const o = await opened(buyer, item);
    expect(await notificationsOf(o.order.id)).toEqual([]);
    await markPaid(o.order.id);
    expect(await notificationsOf(o.order.id)).toEqual([
      {
        user_id: seller,
        kind: 'order_paid',
        title: 'Bea Buyer bought "Opaline glass lamp" for $85',
        body: "Offer pickup times on the order's page. You are paid when Bea Buyer collects it.",
        actor_id: buyer,
      },
      {
        user_id: buyer,
        kind: 'order_receipt',
        title: 'Receipt: you paid $85 for "Opaline glass lamp"',
        body: 'Good Space holds it until you collect the piece; Sally Seller is paid then.',
        actor_id: seller,
      },
    ]);
    await c.query(`delete from public.notifications where link = $1`, ['/orders/' + o.order.id]);
    await (await clientAs(seller)).rpc('mark_order_collected', { order_id: o.order.id });
    expect(await notificationsOf(o.order.id)).toEqual([
      {
        user_id: buyer,
        kind: 'order_collected',
        title: 'Sally Seller marked "Opaline glass lamp" collected',
        body: "If something is wrong with it, you have 48 hours to report a problem on the order's page.",
        actor_id: seller,
      },
    ]);
    await c.query(`delete from public.notifications where link = $1`, ['/orders/' + o.order.id]);
    await svc(`select public.order_collect($1, $2)`, [buyer, o.order.id]);
    expect(await notificationsOf(o.order.id)).toEqual([
      {
        user_id: seller,
        kind: 'order_completed',
        title: 'Bea Buyer collected "Opaline glass lamp": the sale is complete',
        body: 'Good Space is paying you $85.',
        actor_id: buyer,
      },
    ]);
  });

  it('a cancellation and a double payment’s refund tell the buyer', async () => {
    const item = await piece(85, 'Cane bench');
    const o = await opened(buyer, item);
    const late = await opened(rival, item);
    await markPaid(o.order.id);

    expect((await markPaid(late.order.id)).outcome).toBe('refund');
    await svc(`select public.order_mark_refunded($1, 're_late', 'already_sold')`, [late.order.id]);
    expect(await notificationsOf(late.order.id)).toEqual([
      {
        user_id: rival,
        kind: 'order_refunded',
        title: 'Someone else bought "Cane bench" first. Your payment of $85 was refunded.',
        body: 'It goes back to your card.',
        actor_id: null,
      },
    ]);

    const other = await opened(buyer, await piece(120.5, 'Wool rug'));
    await markPaid(other.order.id);
    await c.query(`delete from public.notifications where link = $1`, ['/orders/' + other.order.id]);
    await svc(`select public.order_mark_refunded($1, 're_c', 'seller_cancelled')`, [other.order.id]);
    expect(await notificationsOf(other.order.id)).toEqual([
      {
        user_id: buyer,
        kind: 'order_cancelled',
        title: 'Your order of "Wool rug" was cancelled and refunded',
        body: 'Your payment of $120.50 goes back to your card.',
        actor_id: seller,
      },
    ]);
  });

  it('an order e-mail can be turned off like any kind', async () => {
    const { error } = await (
      await clientAs(buyer)
    )
      .from('notification_preferences')
      .upsert({ user_id: buyer, kind: 'order_receipt', email: false });
    expect(error).toBeNull();
    await c.query(`delete from public.notification_preferences where user_id = $1`, [buyer]);
  });
});

describe('buy_now_quote', () => {
  const quote = async (who: string, item: string) => {
    const { data, error } = await (await clientAs(who)).rpc('buy_now_quote', { item_id: item });
    expect(error).toBeNull();
    return data as { can_buy: boolean; reason: string | null; amount: number | null; offer_id: string | null };
  };

  it('says why a piece cannot be bought, by the rules order_open applies', async () => {
    const mine = await piece(85);
    expect(await quote(seller, mine)).toMatchObject({ can_buy: false, reason: 'own_piece' });
    expect(await quote(buyer, mine)).toEqual({ can_buy: true, reason: null, amount: 85, offer_id: null });
    const sold = await piece();
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [sold]);
    expect(await quote(buyer, sold)).toMatchObject({ can_buy: false, reason: 'not_available' });
    expect(await quote(buyer, await piece(85, 'Cane chair', unpaidSeller))).toMatchObject({
      can_buy: false,
      reason: 'seller_not_ready',
    });
    const reserved = await piece(100);
    const offer = await acceptOffer(rival, reserved, 75);
    expect(await quote(buyer, reserved)).toMatchObject({ can_buy: false, reason: 'reserved', amount: 100 });
    expect(await quote(rival, reserved)).toEqual({ can_buy: true, reason: null, amount: 75, offer_id: offer });
    const held = await piece();
    const p = await project(rival, unpaidSeller);
    await as(rival, `select public.add_catalog_item_to_project($1, $2)`, [p, held]);
    expect(await quote(buyer, held)).toMatchObject({ can_buy: false, reason: 'held' });
    expect(await quote(rival, held)).toMatchObject({ can_buy: true, reason: null });
    const delisted = await piece();
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [delisted]);
    const gone = await (await clientAs(buyer)).rpc('buy_now_quote', { item_id: delisted });
    expect(gone.error).toMatchObject({ code: 'P0002', message: 'Piece not found' });
    expect(await quote(seller, delisted)).toMatchObject({ can_buy: false, reason: 'own_piece' });
  });
});
