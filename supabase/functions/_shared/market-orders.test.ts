import assert from 'node:assert/strict';
import { isUuid } from './ids.ts';
import { refundReason } from './market-orders.ts';

Deno.test("a refund Stripe reports is recorded with its cause: a double payment's, the seller's, or the dashboard's", () => {
  // A payment the database never settled can only be the second buyer's, refunded because the piece was sold.
  assert.equal(refundReason({ status: 'pending' }, null), 'already_sold');
  assert.equal(refundReason({ status: 'expired' }, 'already_sold'), 'already_sold');
  // cancel-order's own refund, reported before cancel-order recorded it.
  assert.equal(refundReason({ status: 'paid' }, 'seller_cancelled'), 'seller_cancelled');
  assert.equal(refundReason({ status: 'ready' }, 'seller_cancelled'), 'seller_cancelled');
  // Made in Stripe's dashboard (no reason of ours), or after pickup.
  assert.equal(refundReason({ status: 'paid' }, null), 'provider');
  assert.equal(refundReason({ status: 'completed' }, 'seller_cancelled'), 'provider');
});

Deno.test('order ids from events and bodies must be UUIDs before they reach the database', () => {
  assert.equal(isUuid('8a4b6c1e-0000-4000-8000-00000000c001'), true);
  for (const bad of ['', 'order_1', '8a4b6c1e-0000-4000-8000-00000000c00', 42, null, undefined]) assert.equal(isUuid(bad), false);
});
