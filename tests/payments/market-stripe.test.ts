import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, serviceClient, signedInClient, sql } from '@good-space/local-supabase/testing';
import {
  accountObject,
  signStripePayload,
  startFakeStripe,
  type FakeStripe,
} from '../../supabase/functions/_shared/testing/fake-stripe.ts';
import { type CallInit, serveWithSecrets, type ServedFunctions } from './served-functions.ts';

// Paying sellers with Stripe keys (docs/decisions/0029-paying-sellers.md; held payments since buyer protection,
// docs/payments.md "Good Stuff orders and seller payouts"): the market's functions each in their
// own Deno worker with Stripe secrets, the real `stripe` SDK pointed at a local fake Stripe, the test stack's
// database (its migrations hold the rules: amounts, sold once). What a buyer and a seller would see happen.

const WEBHOOK_SECRET = 'whsec_market_platform';
const CONNECT_SECRET = 'whsec_market_connect';
const SITE = 'https://goodspace.test';
const NAMES = [
  'connect-account',
  'buy-now',
  'confirm-order',
  'cancel-order',
  'stripe-webhook',
  'sandbox-market',
] as const;
type Name = (typeof NAMES)[number];

let fake: FakeStripe;
let served: ServedFunctions<Name>;

beforeAll(async () => {
  fake = await startFakeStripe();
  const secrets = {
    STRIPE_SECRET_KEY: 'sk_test_market',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_API_BASE: fake.base.origin,
    SITE_URL: SITE,
  };
  served = await serveWithSecrets(NAMES, secrets);
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await fake?.close();
});

type Body = Record<string, unknown>;

const call = (name: Name, init?: CallInit) => served.call(name, init);

interface Person {
  id: string;
  token: string;
  client: SupabaseClient;
}

let people = 0;
async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  people += 1;
  const user = await createUser({ metadata: { full_name: name, username: `market-stripe-${role}-${people}`, role } });
  const client = await signedInClient(user.email, user.password);
  return { id: user.id, client, token: (await client.auth.getSession()).data.session!.access_token };
}

/** A photo the seller uploaded to catalog-images (a listing takes no other: 20261130000500_listing_photos.sql). */
async function photoOf(sellerId: string): Promise<string> {
  const bucket = serviceClient().storage.from('catalog-images');
  const path = `${sellerId}/piece.png`;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const { error } = await bucket.upload(path, png, { contentType: 'image/png', upsert: true });
  if (error) throw error;
  return bucket.getPublicUrl(path).data.publicUrl;
}

async function piece(sellerId: string, title: string, price: number): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition, photo_urls)
     values ($1, $2, 'A piece from the market tests', 'chair', $3, 'good', array[$4])
     returning id`,
    [sellerId, title, price, await photoOf(sellerId)],
  );
  return row!.id;
}

let events = 0;
function sendEvent(type: string, object: Body, opts: { secret?: string; id?: string; account?: string } = {}) {
  events += 1;
  const id = opts.id ?? `evt_market_${events}_${Date.now()}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    ...(opts.account ? { account: opts.account } : {}),
    data: { object },
  });
  return {
    id,
    payload,
    response: call('stripe-webhook', {
      raw: payload,
      headers: { 'Stripe-Signature': signStripePayload(payload, opts.secret ?? WEBHOOK_SECRET) },
    }),
  };
}

/**
 * The buyer pays the order's Checkout Session on (fake) Stripe and Stripe sends the event with that session;
 * `forged` makes the payment differ from the order (amount, currency, destination) or the session name another order.
 */
async function sessionCompleted(
  orderId: string,
  paymentIntent: string,
  type = 'checkout.session.completed',
  forged: { amount?: number; currency?: string; destination?: string | null; metadataOrder?: string } = {},
) {
  const { checkout_session_id } = await order(orderId);
  const session = fake.payCheckout(checkout_session_id!, paymentIntent, forged);
  if (forged.metadataOrder) session.metadata = { order_id: forged.metadataOrder };
  return sendEvent(type, session);
}

const requestsTo = (method: string, p: string) => fake.requests.filter((r) => r.method === method && r.path === p);

async function order(id: string) {
  const [row] = await sql<{
    status: string;
    amount: string;
    offer_id: string | null;
    payment_intent_id: string | null;
    refund_id: string | null;
    refund_reason: string | null;
    checkout_session_id: string | null;
    provider: string;
  }>(
    `select status, amount::text, offer_id, payment_intent_id, refund_id, refund_reason, checkout_session_id, provider from public.orders where id = $1`,
    [id],
  );
  return row!;
}

async function pieceStatus(id: string) {
  const [row] = await sql<{ status: string }>(`select status from public.catalog_items where id = $1`, [id]);
  return row!.status;
}

async function notified(userId: string, kind: string): Promise<string[]> {
  const rows = await sql<{ title: string }>(
    `select title from public.notifications where user_id = $1 and kind = $2 order by created_at`,
    [userId, kind],
  );
  return rows.map((r) => r.title);
}

describe('sellers get paid through Stripe Connect', () => {
  let seller: Person;
  let accountId: string;

  beforeAll(async () => {
    seller = await person('designer', 'Sally Seller');
  });

  it("onboarding creates one Express account, stores it, and opens Stripe's onboarding", async () => {
    const first = await call('connect-account', { token: seller.token, body: { action: 'onboard' } });
    expect(first.status).toBe(200);
    const created = requestsTo('POST', '/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`connect-account-${seller.id}`);
    expect(created[0]!.form).toMatchObject({
      type: 'express',
      'capabilities[transfers][requested]': 'true',
      'metadata[user_id]': seller.id,
    });
    const [row] = await sql<{ provider: string; account_id: string; can_be_paid: boolean }>(
      `select provider, account_id, can_be_paid from public.seller_accounts where user_id = $1`,
      [seller.id],
    );
    accountId = row!.account_id;
    expect(row).toEqual({ provider: 'stripe', account_id: accountId, can_be_paid: false });
    expect(accountId).toMatch(/^acct_fake\d+$/);
    expect(first.body).toEqual({
      url: `https://connect.stripe.test/setup/e/${accountId}/link_fake1`,
      provider: 'stripe',
    });
    expect(requestsTo('POST', '/v1/account_links')[0]!.form).toEqual({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${SITE}/settings?payouts=return`,
      refresh_url: `${SITE}/settings?payouts=refresh`,
    });

    // Back from an expired link: a new link for the same account, no second account.
    const again = await call('connect-account', { token: seller.token, body: { action: 'onboard' } });
    expect(again.body).toEqual({
      url: `https://connect.stripe.test/setup/e/${accountId}/link_fake2`,
      provider: 'stripe',
    });
    expect(requestsTo('POST', '/v1/accounts')).toHaveLength(1);
  });

  it('refresh reads the account from Stripe: what is still missing', async () => {
    const res = await call('connect-account', { token: seller.token, body: { action: 'refresh' } });
    expect(res).toEqual({
      status: 200,
      body: {
        account: {
          provider: 'stripe',
          can_be_paid: false,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements_due: ['external_account', 'individual.dob.day'],
          disabled_reason: 'requirements.past_due',
        },
      },
    });
    expect(requestsTo('GET', `/v1/accounts/${accountId}`).length).toBeGreaterThan(0);
    // Stripe opens the Express dashboard only after onboarding.
    expect(await call('connect-account', { token: seller.token, body: { action: 'dashboard' } })).toEqual({
      status: 409,
      body: { error: 'Finish setting up payouts first', code: 'onboarding_incomplete' },
    });
  });

  it('a piece of a seller who cannot be paid yet cannot be bought', async () => {
    const buyer = await person('customer', 'Early Buyer');
    const item = await piece(seller.id, 'Early chair', 40);
    expect(await call('buy-now', { token: buyer.token, body: { itemId: item } })).toEqual({
      status: 409,
      body: { error: 'This seller cannot take payments yet', code: 'not_available' },
    });
    expect(requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('account.updated on the Connect endpoint (its own secret) makes the seller payable; the dashboard opens', async () => {
    fake.accounts.set(accountId, accountObject({ id: accountId, payable: true }));
    const sent = sendEvent(
      'account.updated',
      { id: accountId, object: 'account' },
      { secret: CONNECT_SECRET, account: accountId },
    );
    expect(await sent.response).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    const [row] = await sql<{ can_be_paid: boolean; requirements_due: string[]; disabled_reason: string | null }>(
      `select can_be_paid, requirements_due, disabled_reason from public.seller_accounts where user_id = $1`,
      [seller.id],
    );
    expect(row).toEqual({ can_be_paid: true, requirements_due: [], disabled_reason: null });
    expect(await call('connect-account', { token: seller.token, body: { action: 'dashboard' } })).toEqual({
      status: 200,
      body: { url: `https://connect.stripe.test/express/${accountId}/login` },
    });
    // An account that is not one of our sellers' is acknowledged and ignored.
    fake.accounts.set('acct_stranger', accountObject({ id: 'acct_stranger', payable: true }));
    expect(
      await sendEvent('account.updated', { id: 'acct_stranger', object: 'account' }, { secret: CONNECT_SECRET })
        .response,
    ).toEqual({
      status: 200,
      body: { received: true, outcome: 'unknown-account' },
    });
  });

  it('only designers onboard; signed out is 401', async () => {
    const customer = await person('customer', 'Not A Seller');
    expect(await call('connect-account', { token: customer.token, body: { action: 'onboard' } })).toEqual({
      status: 403,
      body: { error: 'Only designers sell Good Stuff and get paid for it', code: 'designers_only' },
    });
    expect(await call('connect-account', { body: { action: 'refresh' } })).toEqual({
      status: 401,
      body: { error: 'Must be logged in', code: 'not_logged_in' },
    });
    expect(
      (
        await call('connect-account', {
          token: seller.token,
          body: { action: 'onboard', returnUrl: 'https://evil.example/' },
        })
      ).body.code,
    ).toBe('invalid_return_url');
  });

  describe('buying', () => {
    let item: string;
    let first: Person;
    let second: Person;
    let firstOrder: string;
    let secondOrder: string;

    beforeAll(async () => {
      item = await piece(seller.id, 'Teak sideboard', 85.5);
      first = await person('customer', 'Fran First');
      second = await person('customer', 'Sam Second');
    });

    it('Buy Now opens Checkout for the list price as a held platform charge; a price in the body is ignored', async () => {
      const before = requestsTo('POST', '/v1/checkout/sessions').length;
      const res = await call('buy-now', {
        token: first.token,
        body: { itemId: item, amount: 1, price: 0.5, currency: 'eur' },
      });
      expect(res.status).toBe(200);
      firstOrder = res.body.orderId as string;
      const session = requestsTo('POST', '/v1/checkout/sessions')[before]!;
      expect(res.body).toEqual({
        url: `https://checkout.stripe.test/c/pay/${await order(firstOrder).then((o) => o.checkout_session_id)}`,
        provider: 'stripe',
        orderId: firstOrder,
      });
      expect(session.idempotencyKey).toBe(`order-checkout-${firstOrder}`);
      const expiresAt = Number(session.form.expires_at);
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60 - 5);
      expect(session.form).toEqual({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '8550',
        'line_items[0][price_data][product_data][name]': 'Teak sideboard',
        // The listing's own photo, the only kind a listing takes: no other URL reaches Stripe's page.
        'line_items[0][price_data][product_data][images][0]': await photoOf(seller.id),
        // Held by Good Space until the handover: no transfer_data, the order's transfer group.
        'payment_intent_data[transfer_group]': `order_${firstOrder}`,
        'payment_intent_data[metadata][order_id]': firstOrder,
        'metadata[order_id]': firstOrder,
        client_reference_id: first.id,
        success_url: `${SITE}/orders/${firstOrder}?checkout=done`,
        cancel_url: `${SITE}/good-stuff/${item}`,
        expires_at: String(expiresAt),
      });
      expect(await order(firstOrder)).toMatchObject({
        status: 'pending',
        amount: '85.50',
        offer_id: null,
        provider: 'stripe',
      });
      const [stored] = await sql<{ expires: number }>(
        `select extract(epoch from checkout_expires_at)::int as expires from public.orders where id = $1`,
        [firstOrder],
      );
      expect(stored!.expires).toBe(expiresAt);
      // The second buyer opens a checkout too, before anyone has paid.
      const other = await call('buy-now', { token: second.token, body: { itemId: item } });
      expect(other.status).toBe(200);
      secondOrder = other.body.orderId as string;
    });

    it('the seller cannot buy their own piece; unknown pieces are 404', async () => {
      expect(await call('buy-now', { token: seller.token, body: { itemId: item } })).toEqual({
        status: 403,
        body: { error: 'You cannot buy your own piece', code: 'own_piece' },
      });
      expect(await call('buy-now', { token: first.token, body: { itemId: crypto.randomUUID() } })).toEqual({
        status: 404,
        body: { error: 'Piece not found', code: 'not_found' },
      });
      expect(await call('buy-now', { body: { itemId: item } })).toEqual({
        status: 401,
        body: { error: 'Sign in to buy', code: 'not_logged_in' },
      });
      expect((await call('buy-now', { token: first.token, body: { itemId: 'nope' } })).status).toBe(400);
    });

    it('the webhook marks the order paid and the piece sold, once; both are told', async () => {
      const sent = await sessionCompleted(firstOrder, 'pi_first');
      expect(await sent.response).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
      expect(await order(firstOrder)).toMatchObject({ status: 'paid', payment_intent_id: 'pi_first' });
      expect(await pieceStatus(item)).toBe('sold');
      expect(await notified(seller.id, 'order_paid')).toEqual(['Fran First bought "Teak sideboard" for $85.50']);
      expect(await notified(first.id, 'order_receipt')).toEqual(['Receipt: you paid $85.50 for "Teak sideboard"']);

      // The same event again (Stripe retries): acknowledged, nothing done twice.
      const replay = await call('stripe-webhook', {
        raw: sent.payload,
        headers: { 'Stripe-Signature': signStripePayload(sent.payload, WEBHOOK_SECRET) },
      });
      expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
      // A different event for the same payment (async_payment_succeeded after completed): the database says duplicate.
      expect(
        await (
          await sessionCompleted(firstOrder, 'pi_first', 'checkout.session.async_payment_succeeded')
        ).response,
      ).toEqual({
        status: 200,
        body: { received: true, outcome: 'duplicate' },
      });
      expect(await notified(first.id, 'order_receipt')).toHaveLength(1);
      // Sold: nobody else can open a checkout now.
      const third = await person('customer', 'Late Larry');
      expect(await call('buy-now', { token: third.token, body: { itemId: item } })).toEqual({
        status: 409,
        body: { error: 'This piece is no longer available', code: 'not_available' },
      });
    });

    it('a second buyer who paid too is refunded at once (nothing to reverse: it was held), and told why', async () => {
      const refundsBefore = requestsTo('POST', '/v1/refunds').length;
      expect(await (await sessionCompleted(secondOrder, 'pi_second')).response).toEqual({
        status: 200,
        body: { received: true, outcome: 'refunded' },
      });
      const refund = requestsTo('POST', '/v1/refunds')[refundsBefore]!;
      expect(refund.idempotencyKey).toBe(`order-refund-${secondOrder}`);
      expect(refund.form).toEqual({
        payment_intent: 'pi_second',
        'metadata[order_id]': secondOrder,
        'metadata[order_reason]': 'already_sold',
      });
      expect(await order(secondOrder)).toMatchObject({
        status: 'refunded',
        refund_reason: 'already_sold',
        payment_intent_id: 'pi_second',
        refund_id: expect.stringMatching(/^re_fake\d+$/),
      });
      expect(await notified(second.id, 'order_refunded')).toEqual([
        'Someone else bought "Teak sideboard" first. Your payment of $85.50 was refunded.',
      ]);
      expect(await notified(second.id, 'order_receipt')).toEqual([]);
      // The first buyer's sale stands.
      expect(await order(firstOrder)).toMatchObject({ status: 'paid' });
      // Stripe then reports the refund: already recorded, nothing changes.
      expect(
        await sendEvent('charge.refunded', {
          id: 'ch_second',
          object: 'charge',
          refunded: true,
          payment_intent: 'pi_second',
        }).response,
      ).toEqual({
        status: 200,
        body: { received: true, outcome: 'duplicate' },
      });
    });

    it('a bad or missing signature is a 400 and changes nothing', async () => {
      const third = await person('customer', 'Forger');
      const other = await piece(seller.id, 'Lamp', 30);
      const opened = await call('buy-now', { token: third.token, body: { itemId: other } });
      const orderId = opened.body.orderId as string;
      const forged = sendEvent(
        'checkout.session.completed',
        {
          id: 'cs_x',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          payment_intent: 'pi_forged',
          metadata: { order_id: orderId },
        },
        { secret: 'whsec_attacker' },
      );
      expect(await forged.response).toEqual({
        status: 400,
        body: { error: 'Invalid Stripe signature', code: 'invalid_signature' },
      });
      const missing = await call('stripe-webhook', { raw: forged.payload });
      expect(missing).toEqual({
        status: 400,
        body: { error: 'Missing Stripe-Signature header', code: 'invalid_signature' },
      });
      expect(await order(orderId)).toMatchObject({ status: 'pending', payment_intent_id: null });
      expect(await pieceStatus(other)).toBe('available');
      expect(await sql(`select id from private.stripe_events where id = $1`, [forged.id])).toEqual([]);

      // An abandoned checkout: Stripe expires the session, the order expires.
      expect(
        await sendEvent('checkout.session.expired', {
          id: 'cs_y',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'unpaid',
          payment_intent: null,
          metadata: { order_id: orderId },
        }).response,
      ).toEqual({
        status: 200,
        body: { received: true, outcome: 'expired' },
      });
      expect(await order(orderId)).toMatchObject({ status: 'expired' });
    });

    it('the seller cancels before pickup: the buyer is refunded from what is held, the piece for sale again', async () => {
      expect(await call('cancel-order', { token: first.token, body: { orderId: firstOrder } })).toEqual({
        status: 403,
        body: { error: 'You can cancel once the seller has missed a confirmed pickup time.', code: 'not_seller' },
      });
      const before = requestsTo('POST', '/v1/refunds').length;
      const res = await call('cancel-order', { token: seller.token, body: { orderId: firstOrder } });
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ id: firstOrder, status: 'cancelled', refund_reason: 'seller_cancelled' });
      const [row] = await sql<{ id: string; status: string }>(
        `select id, status from public.order_payments where order_id = $1 and kind = 'refund'`,
        [firstOrder],
      );
      expect(row!.status).toBe('succeeded');
      const refund = requestsTo('POST', '/v1/refunds')[before]!;
      expect(refund.idempotencyKey).toBe(`order-refund-${row!.id}`);
      expect(refund.form).toEqual({
        payment_intent: 'pi_first',
        amount: '8550',
        'metadata[order_id]': firstOrder,
        'metadata[order_payment_id]': row!.id,
        'metadata[order_reason]': 'seller_cancelled',
      });
      expect(await pieceStatus(item)).toBe('available');
      expect(await notified(first.id, 'order_cancelled')).toHaveLength(1);
      // Stripe's charge.refunded for it: already recorded.
      expect(
        (
          await sendEvent('charge.refunded', {
            id: 'ch_first',
            object: 'charge',
            refunded: true,
            payment_intent: 'pi_first',
          }).response
        ).body,
      ).toEqual({ received: true, outcome: 'duplicate' });
      expect(await call('cancel-order', { token: seller.token, body: { orderId: firstOrder } })).toMatchObject({
        status: 409,
        body: { code: 'wrong_state' },
      });
      expect(requestsTo('POST', '/v1/refunds')).toHaveLength(before + 1);
    });

    it("a refund made in Stripe's dashboard cancels the order (charge.refunded)", async () => {
      const buyer = await person('customer', 'Dash Board');
      const opened = await call('buy-now', { token: buyer.token, body: { itemId: item } });
      const orderId = opened.body.orderId as string;
      expect((await (await sessionCompleted(orderId, 'pi_dash')).response).body).toEqual({
        received: true,
        outcome: 'paid',
      });
      fake.refunds.push({
        id: 're_dashboard',
        object: 'refund',
        payment_intent: 'pi_dash',
        status: 'succeeded',
        metadata: {},
      });
      // A partial refund does not undo the sale.
      expect(
        (
          await sendEvent('charge.refunded', {
            id: 'ch_dash',
            object: 'charge',
            refunded: false,
            amount_refunded: 100,
            payment_intent: 'pi_dash',
          }).response
        ).body,
      ).toEqual({ received: true, outcome: 'ignored' });
      expect(await order(orderId)).toMatchObject({ status: 'paid' });
      expect(
        (
          await sendEvent('charge.refunded', {
            id: 'ch_dash',
            object: 'charge',
            refunded: true,
            payment_intent: 'pi_dash',
          }).response
        ).body,
      ).toEqual({ received: true, outcome: 'cancelled' });
      expect(await order(orderId)).toMatchObject({
        status: 'cancelled',
        refund_reason: 'provider',
        refund_id: 're_dashboard',
      });
      expect(await pieceStatus(item)).toBe('available');
      expect(await notified(buyer.id, 'order_cancelled')).toHaveLength(1);
    });

    it('back from Checkout before the webhook: confirm-order asks Stripe and settles the order once', async () => {
      const lamp = await piece(seller.id, 'Opaline lamp', 40);
      const buyer = await person('customer', 'Quinn Quick');
      const opened = await call('buy-now', { token: buyer.token, body: { itemId: lamp } });
      const orderId = opened.body.orderId as string;
      const { checkout_session_id: sessionId } = await order(orderId);
      // Not paid yet: nothing changes, and only its buyer may ask.
      expect(await call('confirm-order', { token: buyer.token, body: { orderId } })).toMatchObject({
        status: 200,
        body: { order: { id: orderId, status: 'pending' } },
      });
      expect(await call('confirm-order', { token: seller.token, body: { orderId } })).toEqual({
        status: 404,
        body: { error: 'Order not found', code: 'not_found' },
      });
      expect(requestsTo('GET', `/v1/checkout/sessions/${sessionId}`)).toHaveLength(1);

      fake.payCheckout(sessionId!, 'pi_quick');
      expect(await call('confirm-order', { token: buyer.token, body: { orderId } })).toMatchObject({
        status: 200,
        body: { order: { id: orderId, status: 'paid', payment_intent_id: 'pi_quick' } },
      });
      expect(await pieceStatus(lamp)).toBe('sold');
      expect(await notified(buyer.id, 'order_receipt')).toEqual(['Receipt: you paid $40 for "Opaline lamp"']);
      // Settled: asking again does not ask Stripe, and the webhook that follows is a duplicate.
      const asked = requestsTo('GET', `/v1/checkout/sessions/${sessionId}`).length;
      expect((await call('confirm-order', { token: buyer.token, body: { orderId } })).body).toMatchObject({
        order: { status: 'paid' },
      });
      expect(requestsTo('GET', `/v1/checkout/sessions/${sessionId}`)).toHaveLength(asked);
      expect(await (await sessionCompleted(orderId, 'pi_quick')).response).toEqual({
        status: 200,
        body: { received: true, outcome: 'duplicate' },
      });
      expect(await notified(buyer.id, 'order_receipt')).toHaveLength(1);
    });

    it('a payment that does not match its order settles nothing (amount, currency, a destination, order named); it is refunded', async () => {
      const cases: [string, { amount?: number; currency?: string; destination?: string }][] = [
        ['a wrong amount', { amount: 100 }],
        ['a wrong currency', { currency: 'eur' }],
        ['sent on to an account (a held payment stays with Good Space)', { destination: 'acct_elsewhere' }],
      ];
      for (const [what, forged] of cases) {
        const lamp = await piece(seller.id, `Brass lamp (${what})`, 40);
        const buyer = await person('customer', 'Mo Mismatch');
        const orderId = (await call('buy-now', { token: buyer.token, body: { itemId: lamp } })).body.orderId as string;
        const pi = `pi_mismatch_${crypto.randomUUID().slice(0, 8)}`;
        expect(
          await (
            await sessionCompleted(orderId, pi, 'checkout.session.completed', forged)
          ).response,
          what,
        ).toEqual({
          status: 200,
          body: { received: true, outcome: 'mismatch' },
        });
        expect(await order(orderId), what).toMatchObject({ status: 'pending', payment_intent_id: null });
        expect(await pieceStatus(lamp), what).toBe('available');
        // The money taken goes back to the buyer; a transfer back only from whoever received one.
        const refunds = requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === pi);
        expect(refunds, what).toHaveLength(1);
        expect(refunds[0]!.form, what).toMatchObject({ 'metadata[order_reason]': 'mismatch' });
        expect(refunds[0]!.form.reverse_transfer, what).toBe(forged.destination ? 'true' : undefined);
        // The buyer back from Checkout: confirm-order applies the same check, and settles nothing either.
        expect(await call('confirm-order', { token: buyer.token, body: { orderId } }), what).toMatchObject({
          status: 200,
          body: { order: { id: orderId, status: 'pending', payment_intent_id: null } },
        });
        expect(await order(orderId), what).toMatchObject({ status: 'pending', payment_intent_id: null });
      }

      // A session whose metadata names another order: the order it names is not paid by it.
      const buyer = await person('customer', 'Otto Other');
      const cheap = await piece(seller.id, 'Small vase', 20);
      const dear = await piece(seller.id, 'Large urn', 500);
      const cheapOrder = (await call('buy-now', { token: buyer.token, body: { itemId: cheap } })).body
        .orderId as string;
      const dearOrder = (await call('buy-now', { token: buyer.token, body: { itemId: dear } })).body.orderId as string;
      const piCheap = `pi_cheap_${crypto.randomUUID().slice(0, 8)}`;
      expect(
        await (
          await sessionCompleted(cheapOrder, piCheap, 'checkout.session.completed', { metadataOrder: dearOrder })
        ).response,
      ).toEqual({ status: 200, body: { received: true, outcome: 'mismatch' } });
      expect(await order(dearOrder)).toMatchObject({ status: 'pending', payment_intent_id: null });
      expect(await order(cheapOrder)).toMatchObject({ status: 'pending', payment_intent_id: null });
      expect(await pieceStatus(dear)).toBe('available');

      // A session naming no order of ours (another environment on the same Stripe account): left alone, not refunded.
      const piUnknown = `pi_unknown_${crypto.randomUUID().slice(0, 8)}`;
      expect(
        await (
          await sessionCompleted(cheapOrder, piUnknown, 'checkout.session.completed', {
            metadataOrder: crypto.randomUUID(),
          })
        ).response,
      ).toEqual({ status: 200, body: { received: true, outcome: 'unknown-order' } });
      expect(requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === piUnknown)).toEqual([]);

      // A connected account's own session naming our order (the Connect endpoint): not settled, only flagged.
      const piConnected = `pi_connected_${crypto.randomUUID().slice(0, 8)}`;
      const { checkout_session_id: dearSession } = await order(dearOrder);
      const connected = fake.payCheckout(dearSession!, piConnected);
      expect(
        await sendEvent('checkout.session.completed', connected, { account: 'acct_standard', secret: CONNECT_SECRET })
          .response,
      ).toEqual({ status: 200, body: { received: true, outcome: 'mismatch' } });
      expect(await order(dearOrder)).toMatchObject({ status: 'pending', payment_intent_id: null });
      expect(requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === piConnected)).toEqual([]);

      // The order's own payment, as it should be, settles it.
      expect(await (await sessionCompleted(dearOrder, `pi_dear_${crypto.randomUUID().slice(0, 8)}`)).response).toEqual({
        status: 200,
        body: { received: true, outcome: 'paid' },
      });
      expect(await order(dearOrder)).toMatchObject({ status: 'paid' });
      expect(await pieceStatus(dear)).toBe('sold');
    });

    it('the webhook and the buyer back from Checkout at once: a right payment settles once, a wrong one is refunded once', async () => {
      const buyer = await person('customer', 'Rita Race');
      const right = await piece(seller.id, 'Rattan stool', 60);
      const rightOrder = (await call('buy-now', { token: buyer.token, body: { itemId: right } })).body
        .orderId as string;
      const { checkout_session_id: rightSession } = await order(rightOrder);
      const piRight = `pi_race_${crypto.randomUUID().slice(0, 8)}`;
      const paid = fake.payCheckout(rightSession!, piRight);
      const [hook, back] = await Promise.all([
        sendEvent('checkout.session.completed', paid).response,
        call('confirm-order', { token: buyer.token, body: { orderId: rightOrder } }),
      ]);
      expect([hook.status, back.status]).toEqual([200, 200]);
      expect(await order(rightOrder)).toMatchObject({ status: 'paid', payment_intent_id: piRight });
      expect(await notified(buyer.id, 'order_receipt')).toEqual(['Receipt: you paid $60 for "Rattan stool"']);

      const wrong = await piece(seller.id, 'Wicker stool', 60);
      const wrongOrder = (await call('buy-now', { token: buyer.token, body: { itemId: wrong } })).body
        .orderId as string;
      const { checkout_session_id: wrongSession } = await order(wrongOrder);
      const piWrong = `pi_race_${crypto.randomUUID().slice(0, 8)}`;
      const underpaid = fake.payCheckout(wrongSession!, piWrong, { amount: 100 });
      await Promise.all([
        sendEvent('checkout.session.completed', underpaid).response,
        call('confirm-order', { token: buyer.token, body: { orderId: wrongOrder } }),
      ]);
      expect(await order(wrongOrder)).toMatchObject({ status: 'pending', payment_intent_id: null });
      expect(fake.refunds.filter((r) => r.payment_intent === piWrong)).toHaveLength(1);
    });

    it('an accepted offer is the price while it reserves the piece; others cannot buy it meanwhile', async () => {
      const offerItem = await piece(seller.id, 'Cane chair', 120);
      const haggler = await person('customer', 'Hal Haggler');
      const { data: offer, error } = await haggler.client.rpc('make_offer', { item_id: offerItem, amount: 95 });
      expect(error).toBeNull();
      const { error: acceptError } = await seller.client.rpc('respond_to_offer', {
        offer_id: (offer as { id: string }).id,
        action: 'accept',
      });
      expect(acceptError).toBeNull();

      const bystander = await person('customer', 'Bea Bystander');
      expect(await call('buy-now', { token: bystander.token, body: { itemId: offerItem } })).toEqual({
        status: 409,
        body: { error: 'This piece is reserved', code: 'not_available' },
      });
      const before = requestsTo('POST', '/v1/checkout/sessions').length;
      const res = await call('buy-now', { token: haggler.token, body: { itemId: offerItem, amount: 1 } });
      expect(res.status).toBe(200);
      expect(requestsTo('POST', '/v1/checkout/sessions')[before]!.form['line_items[0][price_data][unit_amount]']).toBe(
        '9500',
      );
      expect(await order(res.body.orderId as string)).toMatchObject({
        amount: '95.00',
        offer_id: (offer as { id: string }).id,
      });
    });

    it('when Stripe refuses the checkout the buyer sees a 502 and the order is abandoned at once', async () => {
      const theirs = await piece(seller.id, 'Orphan lamp', 35);
      const buyer = await person('customer', 'Una Unlucky');
      fake.refuseNext('POST', '/v1/checkout/sessions');
      expect(await call('buy-now', { token: buyer.token, body: { itemId: theirs } })).toEqual({
        status: 502,
        body: { error: 'The payment provider could not handle the request. Please try again.', code: 'provider_error' },
      });
      const rows = await sql<{ status: string }>(`select status from public.orders where buyer_id = $1`, [buyer.id]);
      expect(rows).toEqual([{ status: 'expired' }]);
      expect(await pieceStatus(theirs)).toBe('available');
    });

    it('the sandbox is refused when Stripe is configured', async () => {
      expect(await call('sandbox-market', { token: first.token, body: { action: 'connect-get' } })).toEqual({
        status: 403,
        body: { error: 'Sandbox payments are disabled because Stripe is configured', code: 'sandbox_disabled' },
      });
    });
  });
});
