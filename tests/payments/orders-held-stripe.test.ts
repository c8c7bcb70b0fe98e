import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, sql, stackConfig } from '@good-space/local-supabase/testing';
import {
  accountObject,
  signStripePayload,
  startFakeStripe,
  type FakeStripe,
} from '../../supabase/functions/_shared/testing/fake-stripe.ts';
import { ledger, orderRow, piece, pieceRow, releaseDue } from './orders.ts';
import { type CallInit, serveWithSecrets, type ServedFunctions } from './served-functions.ts';

// Held Good Stuff orders with Stripe keys (docs/payments.md, "Good Stuff orders and seller payouts"): the order
// functions and the webhook each in their own Deno worker with Stripe secrets, the real `stripe` SDK pointed at the
// local fake Stripe, the test stack's database holding every rule. Separate charges and transfers: the buyer's
// payment is the platform's own charge in the order's transfer group; the payout is a transfer out of that charge
// at the handover; refunds are (partial) refunds of it, never reversing a transfer that was never made.

const WEBHOOK_SECRET = 'whsec_orders_platform';
const SITE = 'https://goodspace.test';
const NAMES = [
  'buy-now',
  'confirm-order',
  'collect-order',
  'refuse-order',
  'cancel-order',
  'decide-order-problem',
  'settle-orders',
  'stripe-webhook',
] as const;
type Name = (typeof NAMES)[number];

let fake: FakeStripe;
let served: ServedFunctions<Name>;

beforeAll(async () => {
  // Its own ids: the market's Stripe test pays orders on the same database at the same time.
  fake = await startFakeStripe({ ids: 'held' });
  served = await serveWithSecrets(NAMES, {
    STRIPE_SECRET_KEY: 'sk_test_orders',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base.origin,
    SITE_URL: SITE,
  });
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await fake?.close();
});

type Body = Record<string, unknown>;
const call = (name: Name, init?: CallInit) => served.call(name, init);
const requestsTo = (method: string, p: string) => fake.requests.filter((r) => r.method === method && r.path === p);
const withKey = (method: string, p: string, key: string) =>
  requestsTo(method, p).filter((r) => r.idempotencyKey === key);

interface Person {
  id: string;
  token: string;
  client: SupabaseClient;
}

let people = 0;
async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  people += 1;
  const user = await createUser({ metadata: { full_name: name, username: `held-stripe-${role}-${people}`, role } });
  const client = await signedInClient(user.email, user.password);
  return { id: user.id, client, token: (await client.auth.getSession()).data.session!.access_token };
}

/** A designer whose Get paid is finished with Stripe: an Express account the fake knows, payable. */
async function payableSeller(name: string): Promise<Person & { account: string }> {
  const seller = await person('designer', name);
  const account = `acct_held_${people}`;
  fake.accounts.set(account, accountObject({ id: account, payable: true }));
  await sql(
    `insert into public.seller_accounts (user_id, provider, account_id, charges_enabled, payouts_enabled, details_submitted, transfers_active)
     values ($1, 'stripe', $2, true, true, true, true)`,
    [seller.id, account],
  );
  return { ...seller, account };
}

let events = 0;
function sendEvent(type: string, object: Body) {
  events += 1;
  const payload = JSON.stringify({
    id: `evt_held_${events}_${Date.now()}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const send = () =>
    call('stripe-webhook', {
      raw: payload,
      headers: { 'Stripe-Signature': signStripePayload(payload, WEBHOOK_SECRET) },
    });
  return { payload, response: send(), replay: send };
}

/** The buyer opens Buy Now and pays on (fake) Stripe; Stripe sends checkout.session.completed. The order's id. */
async function bought(buyer: Person, itemId: string, paymentIntent: string) {
  const res = await call('buy-now', { token: buyer.token, body: { itemId } });
  expect(res.status).toBe(200);
  const orderId = res.body.orderId as string;
  const { checkout_session_id } = await orderRow(orderId);
  const sent = sendEvent('checkout.session.completed', fake.payCheckout(checkout_session_id!, paymentIntent));
  expect((await sent.response).body).toEqual({ received: true, outcome: 'paid' });
  return { orderId, sent };
}

async function rpc(who: Person, fn: string, args: Body) {
  const { data, error } = await who.client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return data as Body;
}

describe('a held order through Stripe', () => {
  let seller: Person & { account: string };
  let buyer: Person;

  beforeAll(async () => {
    seller = await payableSeller('Jordan Seller');
    buyer = await person('customer', 'Maya Buyer');
  });

  it("Buy Now opens Checkout as the platform's own charge in the order's transfer group; paid, it stores the charge", async () => {
    const item = await piece(seller.id, 'Brass arc floor lamp', 240.5);
    const before = requestsTo('POST', '/v1/checkout/sessions').length;
    const res = await call('buy-now', { token: buyer.token, body: { itemId: item, amount: 1 } });
    expect(res.status).toBe(200);
    const orderId = res.body.orderId as string;
    const session = requestsTo('POST', '/v1/checkout/sessions')[before]!;
    expect(session.idempotencyKey).toBe(`order-checkout-${orderId}`);
    const { expires_at: _expiry, ...form } = session.form;
    expect(form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '24050',
      'line_items[0][price_data][product_data][name]': 'Brass arc floor lamp',
      'payment_intent_data[transfer_group]': `order_${orderId}`,
      'payment_intent_data[metadata][order_id]': orderId,
      'metadata[order_id]': orderId,
      client_reference_id: buyer.id,
      success_url: `${SITE}/orders/${orderId}?checkout=done`,
      cancel_url: `${SITE}/good-stuff/${item}`,
    });
    expect(Object.keys(session.form).some((k) => k.includes('transfer_data'))).toBe(false);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', payout: 'held' });

    const { checkout_session_id } = await orderRow(orderId);
    const sent = sendEvent('checkout.session.completed', fake.payCheckout(checkout_session_id!, 'pi_held_lamp'));
    expect((await sent.response).body).toEqual({ received: true, outcome: 'paid' });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      payout: 'held',
      payment_intent_id: 'pi_held_lamp',
      charge_id: 'ch_held_lamp',
      released_amount: '0.00',
    });
    expect((await pieceRow(item)).status).toBe('sold');
    // Replayed: acknowledged and ignored; another event of the same payment: the database says duplicate.
    expect(await sent.replay()).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(
      (
        await sendEvent('checkout.session.async_payment_succeeded', fake.checkoutSessions.get(checkout_session_id!)!)
          .response
      ).body,
    ).toEqual({ received: true, outcome: 'duplicate' });
    // No money moved to the seller yet.
    expect(requestsTo('POST', '/v1/transfers').filter((t) => t.form.transfer_group === `order_${orderId}`)).toEqual([]);
  });

  it("a held order's payment sent on to an account is not its payment: nothing settles, it is refunded without reversal", async () => {
    const item = await piece(seller.id, 'Cane side chair', 80);
    const other = await person('customer', 'Mo Mismatch');
    const res = await call('buy-now', { token: other.token, body: { itemId: item } });
    const orderId = res.body.orderId as string;
    const { checkout_session_id } = await orderRow(orderId);
    const paid = fake.payCheckout(checkout_session_id!, 'pi_held_forged', { destination: seller.account });
    expect((await sendEvent('checkout.session.completed', paid).response).body).toEqual({
      received: true,
      outcome: 'mismatch',
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', payment_intent_id: null });
    const [refund] = requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === 'pi_held_forged');
    expect(refund!.form).toMatchObject({ reverse_transfer: 'true', 'metadata[order_reason]': 'mismatch' });
    // A forged amount, held as it should be otherwise: refunded, nothing to reverse.
    const item2 = await piece(seller.id, 'Cane stool', 40);
    const orderId2 = (await call('buy-now', { token: other.token, body: { itemId: item2 } })).body.orderId as string;
    const session2 = (await orderRow(orderId2)).checkout_session_id!;
    expect(
      (
        await sendEvent('checkout.session.completed', fake.payCheckout(session2, 'pi_held_short', { amount: 100 }))
          .response
      ).body,
    ).toEqual({ received: true, outcome: 'mismatch' });
    const [short] = requestsTo('POST', '/v1/refunds').filter((r) => r.form.payment_intent === 'pi_held_short');
    expect(short!.form.reverse_transfer).toBeUndefined();
  });

  it('collect: completed at once, a transfer out of the charge (source_transaction) with the ledger row as key', async () => {
    const item = await piece(seller.id, 'Teak sideboard', 85.5);
    const { orderId } = await bought(buyer, item, 'pi_held_collect');
    expect(await call('collect-order', { token: seller.token, body: { orderId } })).toMatchObject({
      status: 403,
      body: { code: 'not_buyer' },
    });
    expect(await call('collect-order', { token: buyer.token, body: { orderId: 'x' } })).toMatchObject({
      status: 400,
      body: { code: 'invalid_order' },
    });
    expect((await call('collect-order', { body: { orderId } })).status).toBe(401);
    const res = await call('collect-order', { token: buyer.token, body: { orderId } });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ id: orderId, status: 'completed' });
    const [row] = await ledger(orderId);
    expect(row).toMatchObject({ kind: 'transfer', amount: '85.50', reason: 'release', status: 'succeeded' });
    const [transfer] = withKey('POST', '/v1/transfers', `order-transfer-${row!.id}`);
    expect(transfer!.form).toEqual({
      amount: '8550',
      currency: 'usd',
      destination: seller.account,
      transfer_group: `order_${orderId}`,
      source_transaction: 'ch_held_collect',
      'metadata[order_id]': orderId,
      'metadata[order_payment_id]': row!.id,
    });
    expect(row!.provider_id).toBe(fake.transfers.at(-1)!.id);
    expect(await orderRow(orderId)).toMatchObject({ released_amount: '85.50' });
    // Completed is final.
    expect(await call('collect-order', { token: buyer.token, body: { orderId } })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
  });

  it('refuse at pickup: refunded in full without reverse_transfer, the piece delisted; its charge.refunded changes nothing', async () => {
    const item = await piece(seller.id, 'Rattan armchair', 120);
    const { orderId } = await bought(buyer, item, 'pi_held_refuse');
    expect(await call('refuse-order', { token: buyer.token, body: { orderId, reason: '' } })).toMatchObject({
      status: 400,
      body: { code: 'invalid_reason' },
    });
    expect(
      await call('refuse-order', { token: buyer.token, body: { orderId, reason: 'Torn seat', photos: ['x.webp'] } }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_photos' } });
    expect(await call('refuse-order', { token: seller.token, body: { orderId, reason: 'Torn seat' } })).toMatchObject({
      status: 403,
      body: { code: 'not_buyer' },
    });
    const res = await call('refuse-order', {
      token: buyer.token,
      body: { orderId, reason: 'The seat is torn, not as in the photos' },
    });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ id: orderId, status: 'refused', refund_reason: 'refused' });
    const [row] = await ledger(orderId);
    expect(row).toMatchObject({ kind: 'refund', amount: '120.00', reason: 'refused', status: 'succeeded' });
    const [refund] = withKey('POST', '/v1/refunds', `order-refund-${row!.id}`);
    expect(refund!.form).toEqual({
      payment_intent: 'pi_held_refuse',
      amount: '12000',
      'metadata[order_id]': orderId,
      'metadata[order_payment_id]': row!.id,
      'metadata[order_reason]': 'refused',
    });
    expect(await pieceRow(item)).toMatchObject({ status: 'delisted', returned_at: expect.any(Date) });
    expect(fake.charges.get('ch_held_refuse')).toMatchObject({ refunded: true });
    expect((await sendEvent('charge.refunded', { ...fake.charges.get('ch_held_refuse')! }).response).body).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'refused', refund_reason: 'refused' });
  });

  it('the seller cancels: a full refund without reverse_transfer; the buyer cannot cancel before a seller no-show', async () => {
    const item = await piece(seller.id, 'Oak bench', 64);
    const { orderId } = await bought(buyer, item, 'pi_held_cancel');
    const refused = await call('cancel-order', { token: buyer.token, body: { orderId } });
    expect(refused).toEqual({
      status: 403,
      body: { error: 'You can cancel once the seller has missed a confirmed pickup time.', code: 'not_seller' },
    });
    const stranger = await person('customer', 'Stan Stranger');
    expect(await call('cancel-order', { token: stranger.token, body: { orderId } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const res = await call('cancel-order', { token: seller.token, body: { orderId } });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'cancelled', refund_reason: 'seller_cancelled' });
    const [row] = await ledger(orderId);
    expect(row).toMatchObject({ kind: 'refund', amount: '64.00', reason: 'seller_cancelled', status: 'succeeded' });
    const [refund] = withKey('POST', '/v1/refunds', `order-refund-${row!.id}`);
    expect(refund!.form).toEqual({
      payment_intent: 'pi_held_cancel',
      amount: '6400',
      'metadata[order_id]': orderId,
      'metadata[order_payment_id]': row!.id,
      'metadata[order_reason]': 'seller_cancelled',
    });
    expect((await pieceRow(item)).status).toBe('available');
    expect(await call('cancel-order', { token: seller.token, body: { orderId } })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
  });

  it("a legacy destination order's cancel takes the money back from the seller (reverse_transfer)", async () => {
    const item = await piece(seller.id, 'Walnut desk', 300);
    const { orderId } = await bought(buyer, item, 'pi_legacy_cancel');
    // Paid before buyer protection: a destination charge, the seller already has the money.
    await sql(`update public.orders set payout = 'destination', charge_id = null where id = $1`, [orderId]);
    const res = await call('cancel-order', { token: seller.token, body: { orderId } });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'cancelled' });
    const [row] = await ledger(orderId);
    const [refund] = withKey('POST', '/v1/refunds', `order-refund-${row!.id}`);
    expect(refund!.form).toMatchObject({
      payment_intent: 'pi_legacy_cancel',
      amount: '30000',
      reverse_transfer: 'true',
    });
    expect(row).toMatchObject({ status: 'succeeded' });
  });
});

describe('payouts that wait, the 48 hours, chargebacks and decisions', () => {
  let seller: Person & { account: string };
  let buyer: Person;

  beforeAll(async () => {
    seller = await payableSeller('Sam Seller');
    buyer = await person('customer', 'Robin Buyer');
  });

  it('a transfer Stripe refuses stays pending with a note; settle-orders carries it out once it can', async () => {
    const item = await piece(seller.id, 'Opaline lamp', 40);
    const { orderId } = await bought(buyer, item, 'pi_held_retry');
    const saved = fake.accounts.get(seller.account)!;
    fake.accounts.delete(seller.account);
    const res = await call('collect-order', { token: buyer.token, body: { orderId } });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'completed' });
    const [row] = await ledger(orderId);
    expect(row).toMatchObject({ kind: 'transfer', status: 'pending' });
    expect(row!.note).toMatch(/^provider_error/);

    fake.accounts.set(seller.account, saved);
    expect((await call('settle-orders')).status).toBe(401);
    expect(await call('settle-orders', { token: buyer.token })).toMatchObject({
      status: 403,
      body: { code: 'not_service_role' },
    });
    // A noted row waits 15 minutes before the next try: let that time pass.
    await sql(`update public.order_payments set retry_after = null where id = $1`, [row!.id]);
    const settled = await call('settle-orders', { token: stackConfig.secretKey });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ transfers: 1 });
    const [after] = await ledger(orderId);
    expect(after).toMatchObject({ status: 'succeeded', note: null, provider_id: fake.transfers.at(-1)!.id });
    const tries = withKey('POST', '/v1/transfers', `order-transfer-${row!.id}`);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(tries.at(-1)!.form).toMatchObject({ source_transaction: 'ch_held_retry', destination: seller.account });
    expect(fake.transfers.filter((t) => (t.metadata as Body).order_payment_id === row!.id)).toHaveLength(1);
  });

  it('48 hours after the seller marked it collected, settle-orders completes it and pays the seller', async () => {
    const item = await piece(seller.id, 'Linen lampshade', 35);
    const { orderId } = await bought(buyer, item, 'pi_held_auto');
    await rpc(seller, 'mark_order_collected', { order_id: orderId });
    expect(await orderRow(orderId)).toMatchObject({ status: 'collected' });
    // Before the 48 hours pass nothing is released.
    const early = await call('settle-orders', { token: stackConfig.secretKey });
    expect(early.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'collected' });
    await releaseDue(orderId);
    const settled = await call('settle-orders', { token: stackConfig.secretKey });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ released: 1, transfers: 1 });
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', released_amount: '35.00' });
    const [row] = await ledger(orderId);
    expect(row).toMatchObject({ kind: 'transfer', reason: 'auto_release', status: 'succeeded' });
    expect(withKey('POST', '/v1/transfers', `order-transfer-${row!.id}`)[0]!.form).toMatchObject({
      amount: '3500',
      source_transaction: 'ch_held_auto',
      transfer_group: `order_${orderId}`,
    });
  });

  it('a chargeback freezes the order (collect refused); the bank deciding for the buyer counts it refunded', async () => {
    const item = await piece(seller.id, 'Marble side table', 150);
    const { orderId } = await bought(buyer, item, 'pi_held_disputed');
    const dispute = fake.disputeCharge('pi_held_disputed');
    const opened = sendEvent('charge.dispute.created', dispute);
    expect((await opened.response).body).toEqual({ received: true, outcome: 'frozen' });
    expect((await orderRow(orderId)).frozen_at).not.toBeNull();
    const transfersBefore = requestsTo('POST', '/v1/transfers').length;
    expect(await call('collect-order', { token: buyer.token, body: { orderId } })).toEqual({
      status: 409,
      body: { error: "A chargeback froze this order's payment until the bank decides.", code: 'wrong_state' },
    });
    expect(requestsTo('POST', '/v1/transfers')).toHaveLength(transfersBefore);
    expect(await opened.replay()).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await sendEvent('charge.dispute.created', dispute).response).body).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    const closed = fake.closeDispute(dispute.id as string, 'lost');
    expect((await sendEvent('charge.dispute.closed', closed).response).body).toEqual({
      received: true,
      outcome: 'closed',
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'refunded',
      refund_reason: 'chargeback',
      refunded_amount: '150.00',
      frozen_at: null,
    });
    const [problem] = await sql<{ kind: string; outcome: string }>(
      `select kind, outcome from public.order_problems where provider_dispute_id = $1`,
      [dispute.id],
    );
    expect(problem).toEqual({ kind: 'chargeback', outcome: 'lost' });
    expect((await sendEvent('charge.dispute.closed', closed).response).body).toEqual({
      received: true,
      outcome: 'duplicate',
    });
  });

  it("an operator's half refund: a partial refund to the buyer and a transfer of the rest, out of the same charge", async () => {
    const operator = await person('customer', 'Olive Operator');
    await sql('insert into private.operators (user_id) values ($1)', [operator.id]);
    const item = await piece(seller.id, 'Pair of wall sconces', 200);
    const { orderId } = await bought(buyer, item, 'pi_held_problem');
    await rpc(seller, 'mark_order_collected', { order_id: orderId });
    const problem = await rpc(buyer, 'report_order_problem', {
      order_id: orderId,
      reason: 'One sconce does not light',
    });
    const problemId = problem.id as string;
    const body = { problemId, refundAmount: '100.00', releaseAmount: 100, reason: 'One of the two works' };
    expect(await call('decide-order-problem', { token: buyer.token, body })).toMatchObject({
      status: 403,
      body: { code: 'not_operator' },
    });
    expect(
      await call('decide-order-problem', { token: operator.token, body: { ...body, refundAmount: 50 } }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_amount' } });
    expect(await call('decide-order-problem', { token: operator.token, body: { ...body, reason: ' ' } })).toMatchObject(
      { status: 400, body: { code: 'invalid_reason' } },
    );
    expect(
      await call('decide-order-problem', { token: operator.token, body: { ...body, problemId: 'x' } }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_problem' } });
    const res = await call('decide-order-problem', { token: operator.token, body });
    expect(res.status).toBe(200);
    expect(res.body.problem).toMatchObject({ id: problemId, status: 'decided' });
    expect(res.body.order).toMatchObject({ id: orderId, status: 'completed' });
    const rows = await ledger(orderId);
    const refundRow = rows.find((r) => r.kind === 'refund')!;
    const transferRow = rows.find((r) => r.kind === 'transfer')!;
    expect(refundRow).toMatchObject({ amount: '100.00', reason: 'problem', status: 'succeeded' });
    expect(transferRow).toMatchObject({ amount: '100.00', reason: 'problem', status: 'succeeded' });
    expect(withKey('POST', '/v1/refunds', `order-refund-${refundRow.id}`)[0]!.form).toEqual({
      payment_intent: 'pi_held_problem',
      amount: '10000',
      'metadata[order_id]': orderId,
      'metadata[order_payment_id]': refundRow.id,
      'metadata[order_reason]': 'problem',
    });
    expect(withKey('POST', '/v1/transfers', `order-transfer-${transferRow.id}`)[0]!.form).toMatchObject({
      amount: '10000',
      destination: seller.account,
      source_transaction: 'ch_held_problem',
      transfer_group: `order_${orderId}`,
    });
    expect(await orderRow(orderId)).toMatchObject({ released_amount: '100.00', refunded_amount: '100.00' });
    // A partial refund's charge.refunded is not a full one; decided once.
    expect((await sendEvent('charge.refunded', { ...fake.charges.get('ch_held_problem')! }).response).body).toEqual({
      received: true,
      outcome: 'ignored',
    });
    expect((await call('decide-order-problem', { token: operator.token, body })).status).toBe(409);
  });
});
