import assert from 'node:assert/strict';
import {
  answerFor,
  CHECKOUT_GRACE_MS,
  isActive,
  mayReplace,
  PENDING_REFRESH_MS,
  reconcilePlan,
  type SubscriptionRow,
  type SubscriptionWrite,
} from './subscription-state.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function row(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    user_id: 'u1',
    plan: 'client',
    status: 'active',
    provider: 'stripe',
    price_id: 'price_c',
    product_id: 'prod_c',
    current_period_end: later(86_400_000),
    cancel_at_period_end: false,
    stripe_customer_id: 'cus_1',
    stripe_subscription_id: 'sub_1',
    updated_at: NOW.toISOString(),
    ...over,
  };
}

function write(over: Partial<SubscriptionWrite> = {}): SubscriptionWrite {
  return {
    status: 'active',
    price_id: 'price_c',
    product_id: 'prod_c',
    current_period_end: later(86_400_000),
    cancel_at_period_end: false,
    stripe_customer_id: 'cus_1',
    stripe_subscription_id: 'sub_2',
    ...over,
  };
}

Deno.test('active means active or trialing within the period (as the policies decide)', () => {
  assert.equal(isActive(row(), NOW), true);
  assert.equal(isActive(row({ status: 'trialing' }), NOW), true);
  assert.equal(isActive(row({ current_period_end: null }), NOW), true);
  assert.equal(isActive(row({ current_period_end: later(-1) }), NOW), false);
  for (const status of ['past_due', 'canceled', 'incomplete', 'unpaid', 'paused'] as const) assert.equal(isActive(row({ status }), NOW), false);
});

Deno.test('the answer is about the plan of the caller\'s role', () => {
  const rows = [row({ plan: 'designer', product_id: 'prod_d' })];
  assert.deepEqual(answerFor('customer', rows, NOW), {
    subscribed: false,
    plan: 'client',
    product_id: null,
    price_id: null,
    subscription_end: null,
    status: null,
    cancel_at_period_end: false,
    provider: null,
  });
  const designer = answerFor('designer', rows, NOW);
  assert.equal(designer.subscribed, true);
  assert.equal(designer.product_id, 'prod_d');
  assert.equal(designer.subscription_end, later(86_400_000));
  assert.equal(answerFor('customer', [row({ status: 'past_due' })], NOW).status, 'past_due');
});

Deno.test('an older subscription\'s late event never ends a newer active membership', () => {
  assert.equal(mayReplace(null, write(), NOW), true);
  assert.equal(mayReplace(row({ stripe_subscription_id: 'sub_2' }), write({ status: 'canceled' }), NOW), true, 'same subscription: always');
  assert.equal(mayReplace(row(), write({ status: 'canceled' }), NOW), false, 'another, ended, over an active one: no');
  assert.equal(mayReplace(row(), write({ status: 'active' }), NOW), true);
  assert.equal(mayReplace(row({ status: 'canceled' }), write({ status: 'incomplete' }), NOW), true);
});

Deno.test('reconciliation asks Stripe only when the table may be stale', () => {
  assert.deepEqual(reconcilePlan([row()], 'client', null, NOW), { refresh: [], listCustomer: false });
  assert.deepEqual(reconcilePlan([row({ current_period_end: later(-1000) })], 'client', null, NOW).refresh, ['sub_1']);
  assert.deepEqual(reconcilePlan([row({ status: 'past_due', updated_at: later(-PENDING_REFRESH_MS) })], 'client', null, NOW).refresh, ['sub_1']);
  assert.deepEqual(reconcilePlan([row({ status: 'past_due', updated_at: later(-1000) })], 'client', null, NOW).refresh, []);
  assert.deepEqual(reconcilePlan([row({ provider: 'sandbox', stripe_subscription_id: null, current_period_end: later(-1) })], 'client', null, NOW).refresh, []);
  // A checkout just started and no webhook yet: list the stored customer's subscriptions.
  assert.equal(reconcilePlan([], 'client', { lastCheckoutAt: later(-60_000) }, NOW).listCustomer, true);
  assert.equal(reconcilePlan([], 'client', { lastCheckoutAt: later(-CHECKOUT_GRACE_MS) }, NOW).listCustomer, false);
  assert.equal(reconcilePlan([row()], 'client', { lastCheckoutAt: later(-60_000) }, NOW).listCustomer, false);
  assert.equal(reconcilePlan([], 'client', { lastCheckoutAt: null }, NOW).listCustomer, false);
});
