import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, sql } from '@good-space/local-supabase/testing';
import {
  signStripePayload,
  startFakeStripe,
  subscriptionObject,
  type FakeStripe,
} from '../../supabase/functions/_shared/testing/fake-stripe.ts';
import { type CallInit, serveWithSecrets, type ServedFunctions } from './served-functions.ts';

// The payment functions with Stripe keys: each function runs in its own Deno worker (the functions service's
// worker, as the stack runs it) with Stripe secrets and STRIPE_API_BASE pointing the real `stripe` SDK at a
// local fake Stripe; the database is the test stack's. The stack's own functions stay in sandbox mode.

const WEBHOOK_SECRET = 'whsec_integration_test';
const SITE = 'https://goodspace.test';
const NAMES = [
  'create-checkout',
  'customer-portal',
  'check-subscription',
  'stripe-webhook',
  'sandbox-checkout',
] as const;
type Name = (typeof NAMES)[number];

let fake: FakeStripe;
let served: ServedFunctions<Name>;

beforeAll(async () => {
  fake = await startFakeStripe();
  const secrets = {
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_CLIENT: 'price_client_test',
    STRIPE_PRICE_DESIGNER: 'price_designer_test',
    STRIPE_API_BASE: fake.base.origin,
    SITE_URL: SITE,
  };
  served = await serveWithSecrets(NAMES, secrets);
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await fake?.close();
});

const call = (name: Name, init?: CallInit) => served.call(name, init);

async function customerToken(): Promise<{ id: string; token: string }> {
  const user = await createUser({
    metadata: { full_name: 'Stripe Buyer', username: 'stripe-buyer', role: 'customer' },
  });
  const client = await signedInClient(user.email, user.password);
  return { id: user.id, token: (await client.auth.getSession()).data.session!.access_token };
}

function sendEvent(id: string, type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return call('stripe-webhook', { raw: payload, headers: { 'Stripe-Signature': signStripePayload(payload, secret) } });
}

const requestsTo = (method: string, p: string) => fake.requests.filter((r) => r.method === method && r.path === p);

async function row(userId: string) {
  const [r] = await sql<{
    status: string;
    provider: string;
    stripe_subscription_id: string | null;
    stripe_customer_id: string | null;
    price_id: string;
  }>(
    `select status, provider, stripe_subscription_id, stripe_customer_id, price_id from public.subscriptions where user_id = $1 and plan = 'client'`,
    [userId],
  );
  return r;
}

describe('Stripe mode', () => {
  let buyer: { id: string; token: string };
  let customerId: string;

  beforeAll(async () => {
    buyer = await customerToken();
  });

  it('checkout creates the customer once, stores it, and opens a subscription Checkout Session', async () => {
    const first = await call('create-checkout', { token: buyer.token, body: { priceId: 'price_client_test' } });
    expect(first).toEqual({
      status: 200,
      body: { url: 'https://checkout.stripe.test/c/pay/cs_fake1', provider: 'stripe' },
    });
    const created = requestsTo('POST', '/v1/customers');
    expect(created).toHaveLength(1);
    expect(created[0]!.form['metadata[user_id]']).toBe(buyer.id);
    expect(created[0]!.idempotencyKey).toBe(`customer-create-${buyer.id}`);
    const [stored] = await sql<{ stripe_customer_id: string }>(
      `select stripe_customer_id from private.billing_customers where user_id = $1`,
      [buyer.id],
    );
    customerId = stored!.stripe_customer_id;
    expect(customerId).toBe('cus_fake1');

    const session = requestsTo('POST', '/v1/checkout/sessions')[0]!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      'line_items[0][price]': 'price_client_test',
      success_url: `${SITE}/payment-success`,
      cancel_url: `${SITE}/pricing`,
      client_reference_id: buyer.id,
      'subscription_data[metadata][user_id]': buyer.id,
    });

    // A second checkout reuses the stored customer: no new customer, no lookup by e-mail.
    const second = await call('create-checkout', { token: buyer.token, body: { plan: 'client' } });
    expect(second.status).toBe(200);
    expect(requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect(requestsTo('POST', '/v1/checkout/sessions')[1]!.form.customer).toBe(customerId);
    expect(fake.requests.some((r) => r.path === '/v1/customers' && r.method === 'GET')).toBe(false);
  });

  it('the sandbox ids and the sandbox function are refused when Stripe is configured', async () => {
    const res = await call('create-checkout', { token: buyer.token, body: { priceId: 'price_sandbox_client' } });
    expect(res).toEqual({
      status: 400,
      body: { error: 'Unknown priceId: price_sandbox_client', code: 'invalid_price' },
    });
    const sandbox = await call('sandbox-checkout', {
      token: buyer.token,
      body: { action: 'get', session: crypto.randomUUID() },
    });
    expect(sandbox).toEqual({
      status: 403,
      body: { error: 'Sandbox payments are disabled because Stripe is configured', code: 'sandbox_disabled' },
    });
  });

  it("before the webhook arrives, check-subscription asks Stripe for the stored customer's subscriptions", async () => {
    fake.subscriptions.set(
      'sub_early',
      subscriptionObject({ id: 'sub_early', customer: customerId, price: 'price_client_test', status: 'incomplete' }),
    );
    const before = requestsTo('GET', '/v1/subscriptions').length;
    const res = await call('check-subscription', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscribed: false, plan: 'client', status: 'incomplete' });
    const listed = requestsTo('GET', '/v1/subscriptions');
    expect(listed.length).toBe(before + 1);
    expect(listed.at(-1)!.form.customer).toBe(customerId);
    fake.subscriptions.delete('sub_early');
  });

  it('a signed checkout.session.completed activates the plan from the re-fetched subscription', async () => {
    fake.subscriptions.set(
      'sub_1',
      subscriptionObject({
        id: 'sub_1',
        customer: customerId,
        price: 'price_client_test',
        metadata: { user_id: buyer.id, plan: 'client' },
      }),
    );
    const res = await sendEvent('evt_checkout_1', 'checkout.session.completed', {
      id: 'cs_fake1',
      object: 'checkout.session',
      mode: 'subscription',
      customer: customerId,
      subscription: 'sub_1',
      client_reference_id: buyer.id,
      metadata: { user_id: buyer.id, plan: 'client' },
    });
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await row(buyer.id)).toMatchObject({
      status: 'active',
      provider: 'stripe',
      stripe_subscription_id: 'sub_1',
      stripe_customer_id: customerId,
    });
    const status = await call('check-subscription', { token: buyer.token });
    expect(status.body).toMatchObject({
      subscribed: true,
      plan: 'client',
      product_id: 'prod_for_price_client_test',
      price_id: 'price_client_test',
      provider: 'stripe',
    });
    expect(new Date(status.body.subscription_end as string).getTime()).toBeGreaterThan(Date.now());
  });

  it('a replayed event id is acknowledged and ignored', async () => {
    // Stripe's state changed meanwhile; a replay of the old event must not trigger any work.
    fake.subscriptions.set(
      'sub_1',
      subscriptionObject({ id: 'sub_1', customer: customerId, price: 'price_client_test', status: 'canceled' }),
    );
    const fetches = requestsTo('GET', '/v1/subscriptions/sub_1').length;
    const res = await sendEvent('evt_checkout_1', 'checkout.session.completed', {
      id: 'cs_fake1',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_1',
      client_reference_id: buyer.id,
    });
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(requestsTo('GET', '/v1/subscriptions/sub_1')).toHaveLength(fetches);
    expect((await row(buyer.id))!.status).toBe('active');
  });

  it('a bad signature is a 400 and changes nothing', async () => {
    const forged = await sendEvent(
      'evt_forged',
      'customer.subscription.deleted',
      { id: 'sub_1', object: 'subscription' },
      'whsec_attacker',
    );
    expect(forged).toEqual({ status: 400, body: { error: 'Invalid Stripe signature', code: 'invalid_signature' } });
    const missing = await call('stripe-webhook', { raw: '{"id":"evt_x"}' });
    expect(missing).toEqual({
      status: 400,
      body: { error: 'Missing Stripe-Signature header', code: 'invalid_signature' },
    });
    expect((await row(buyer.id))!.status).toBe('active');
    expect(await sql(`select id from private.stripe_events where id in ('evt_forged', 'evt_x')`)).toEqual([]);
  });

  it("payment failure and deletion events bring the row to Stripe's state", async () => {
    fake.subscriptions.set(
      'sub_1',
      subscriptionObject({ id: 'sub_1', customer: customerId, price: 'price_client_test', status: 'past_due' }),
    );
    const failed = await sendEvent('evt_failed_1', 'invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: customerId,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
    });
    expect(failed.body).toEqual({ received: true, outcome: 'applied' });
    expect((await row(buyer.id))!.status).toBe('past_due');
    expect((await call('check-subscription', { token: buyer.token })).body).toMatchObject({
      subscribed: false,
      status: 'past_due',
    });

    fake.subscriptions.set(
      'sub_1',
      subscriptionObject({ id: 'sub_1', customer: customerId, price: 'price_client_test', status: 'canceled' }),
    );
    const deleted = await sendEvent('evt_deleted_1', 'customer.subscription.deleted', {
      id: 'sub_1',
      object: 'subscription',
      customer: customerId,
      metadata: {},
    });
    expect(deleted.body).toEqual({ received: true, outcome: 'applied' });
    expect((await row(buyer.id))!.status).toBe('canceled');
    // Events this integration does not need are recorded and acknowledged.
    expect((await sendEvent('evt_other_1', 'product.created', { id: 'prod_1', object: 'product' })).body).toEqual({
      received: true,
      outcome: 'ignored',
    });
  });

  it('the portal opens for the stored customer; without one there is nothing to manage', async () => {
    const res = await call('customer-portal', { token: buyer.token, body: {} });
    expect(res).toEqual({
      status: 200,
      body: { url: 'https://billing.stripe.test/p/session/bps_fake1', provider: 'stripe' },
    });
    expect(requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.form).toEqual({
      customer: customerId,
      return_url: `${SITE}/settings`,
    });
    const newcomer = await customerToken();
    expect(await call('customer-portal', { token: newcomer.token })).toEqual({
      status: 409,
      body: { error: 'There is no subscription to manage yet', code: 'no_billing_account' },
    });
    expect(await call('customer-portal', {})).toEqual({
      status: 401,
      body: { error: 'Must be logged in', code: 'not_logged_in' },
    });
  });

  it('return URLs must be on the configured site', async () => {
    const res = await call('create-checkout', {
      token: buyer.token,
      body: { plan: 'client', successUrl: 'http://localhost:5173/payment-success' },
    });
    expect(res).toEqual({
      status: 400,
      body: { error: 'successUrl is not on an allowed origin', code: 'invalid_return_url' },
    });
  });
});
