import assert from 'node:assert/strict';
import { isUuid } from './ids.ts';
import { paymentMismatch, refundReason } from './market-orders.ts';
import type { CheckoutPayment } from './provider.ts';

Deno.test("a full refund Stripe reports that is not the ledger's: a double payment's, or the dashboard's", () => {
  // A payment the database never settled can only be the second buyer's, refunded because the piece was sold.
  assert.equal(refundReason({ status: 'pending' }), 'already_sold');
  assert.equal(refundReason({ status: 'expired' }), 'already_sold');
  // Any settled order's: made in Stripe's dashboard (cancel, refuse and decisions go through the ledger).
  assert.equal(refundReason({ status: 'paid' }), 'provider');
  assert.equal(refundReason({ status: 'collected' }), 'provider');
  assert.equal(refundReason({ status: 'completed' }), 'provider');
});

Deno.test('order ids from events and bodies must be UUIDs before they reach the database', () => {
  assert.equal(isUuid('8a4b6c1e-0000-4000-8000-00000000c001'), true);
  for (const bad of ['', 'order_1', '8a4b6c1e-0000-4000-8000-00000000c00', 42, null, undefined]) assert.equal(isUuid(bad), false);
});

Deno.test("a held order's payment: its session, amount and currency, and no destination (Good Space holds it)", () => {
  const order = {
    id: '8a4b6c1e-0000-4000-8000-00000000c001',
    amount: '85.50',
    currency: 'usd',
    checkout_session_id: 'cs_1',
    payout: 'held' as const,
  };
  const paid: CheckoutPayment = {
    sessionId: 'cs_1',
    orderId: order.id,
    paymentIntentId: 'pi_1',
    chargeId: 'ch_1',
    amountCents: 8550,
    currency: 'usd',
    destination: null,
    account: null,
  };
  assert.equal(paymentMismatch(order, null, paid), null);
  // The seller's account plays no part: the payout is a transfer at the handover.
  assert.equal(paymentMismatch(order, 'acct_seller', paid), null);
  assert.equal(paymentMismatch({ ...order, amount: 85.5 }, null, paid), null);
  // Sent on to any account, even the seller's, is not how a held order is paid.
  assert.match(
    paymentMismatch(order, 'acct_seller', { ...paid, destination: 'acct_seller' })!,
    /paid on to acct_seller; a held order's payment stays with Good Space/,
  );
  assert.match(paymentMismatch(order, null, { ...paid, amountCents: 8549 })!, /amount 8549 cents/);
  assert.match(paymentMismatch(order, null, { ...paid, currency: 'eur' })!, /currency eur/);
  assert.match(paymentMismatch(order, null, { ...paid, orderId: 'other' })!, /names order other/);
  assert.match(paymentMismatch(order, null, { ...paid, sessionId: 'cs_2' })!, /not the order's checkout/);
  assert.match(paymentMismatch(order, null, { ...paid, account: 'acct_standard' })!, /connected account's own/);
});

Deno.test("a legacy destination order's payment: its session, amount, currency and the seller's account", () => {
  const order = {
    id: '8a4b6c1e-0000-4000-8000-00000000c001',
    amount: '85.50',
    currency: 'usd',
    checkout_session_id: 'cs_1',
    payout: 'destination' as const,
  };
  const paid: CheckoutPayment = {
    sessionId: 'cs_1',
    orderId: order.id,
    paymentIntentId: 'pi_1',
    chargeId: 'ch_1',
    amountCents: 8550,
    currency: 'usd',
    destination: 'acct_seller',
    account: null,
  };
  assert.equal(paymentMismatch(order, 'acct_seller', paid), null);
  // Stored as a JSON number too: 85.5 dollars are 8550 cents.
  assert.equal(paymentMismatch({ ...order, amount: 85.5 }, 'acct_seller', paid), null);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, amountCents: 8549 })!, /amount 8549 cents, the order's is 8550/);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, currency: 'eur' })!, /currency eur/);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, destination: 'acct_other' })!, /paid to acct_other/);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, destination: null })!, /paid to no account/);
  assert.match(paymentMismatch(order, null, paid)!, /the seller's is none/);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, orderId: 'other' })!, /names order other/);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, sessionId: 'cs_2' })!, /not the order's checkout/);
  assert.match(paymentMismatch({ ...order, checkout_session_id: null }, 'acct_seller', paid)!, /not the order's checkout/);
  assert.match(paymentMismatch(order, 'acct_seller', { ...paid, account: 'acct_standard' })!, /connected account's own/);
});
