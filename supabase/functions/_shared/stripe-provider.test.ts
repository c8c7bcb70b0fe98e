import assert from 'node:assert/strict';
import { HttpError } from './http.ts';
import { subscriptionObject, startFakeStripe } from './testing/fake-stripe.ts';
import {
  createStripeCheckoutSession,
  createStripeClient,
  createStripePortalSession,
  ensureStripeCustomer,
  providerFailure,
  Stripe,
  subscriptionOfEvent,
  verifyStripeEvent,
} from './stripe-provider.ts';
import { writeFromStripe } from './subscription-state.ts';

// The Stripe path with the real SDK against a local fake Stripe (its host/port/protocol settings): the
// requests our code makes, and webhook signature checks.

const USER = { id: '8a4b6c1e-0000-4000-8000-000000000001', email: 'buyer@goodspace.dev' };

Deno.test('customer: created once with the user id and an idempotency key, then the stored id is used', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const first = await ensureStripeCustomer(stripe, null, USER);
    assert.deepEqual(first, { id: 'cus_fake1', created: true });
    assert.equal(fake.requests.length, 1);
    const [req] = fake.requests;
    assert.equal(req!.method, 'POST');
    assert.equal(req!.path, '/v1/customers');
    assert.equal(req!.form.email, USER.email);
    assert.equal(req!.form['metadata[user_id]'], USER.id);
    assert.equal(req!.idempotencyKey, `customer-create-${USER.id}`);
    assert.equal(req!.authorization, 'Bearer sk_test_fake');

    const second = await ensureStripeCustomer(stripe, first.id, USER);
    assert.deepEqual(second, { id: 'cus_fake1', created: false });
    assert.equal(fake.requests.length, 1, 'no second request to Stripe, and no lookup by e-mail');
  } finally {
    await fake.close();
  }
});

Deno.test('checkout session: subscription mode, the plan price, return URLs, user on session and subscription', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const url = await createStripeCheckoutSession(stripe, 'cus_fake1', {
      caller: USER,
      plan: 'designer',
      priceId: 'price_designer_live',
      successUrl: new URL('https://goodspace.app/payment-success'),
      cancelUrl: new URL('https://goodspace.app/pricing'),
    });
    assert.equal(url, 'https://checkout.stripe.test/c/pay/cs_fake1');
    const [req] = fake.requests;
    assert.equal(req!.path, '/v1/checkout/sessions');
    assert.deepEqual(req!.form, {
      mode: 'subscription',
      customer: 'cus_fake1',
      'line_items[0][price]': 'price_designer_live',
      'line_items[0][quantity]': '1',
      success_url: 'https://goodspace.app/payment-success',
      cancel_url: 'https://goodspace.app/pricing',
      client_reference_id: USER.id,
      'metadata[user_id]': USER.id,
      'metadata[plan]': 'designer',
      'subscription_data[metadata][user_id]': USER.id,
      'subscription_data[metadata][plan]': 'designer',
    });
  } finally {
    await fake.close();
  }
});

Deno.test('a Stripe refusal becomes a 502 for the caller, not a 500', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const err = await createStripeCheckoutSession(stripe, 'cus_fake1', {
      caller: USER,
      plan: 'client',
      priceId: 'price_missing',
      successUrl: new URL('https://goodspace.app/a'),
      cancelUrl: new URL('https://goodspace.app/b'),
    }).then(() => null, (e: unknown) => e);
    assert.ok(err instanceof Stripe.errors.StripeError);
    assert.throws(() => providerFailure(err), (e: unknown) => e instanceof HttpError && e.status === 502);
  } finally {
    await fake.close();
  }
});

Deno.test('portal session: the stored customer and the return URL', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const url = await createStripePortalSession(stripe, 'cus_fake9', new URL('https://goodspace.app/settings'));
    assert.equal(url, 'https://billing.stripe.test/p/session/bps_fake1');
    assert.deepEqual(fake.requests[0]!.form, { customer: 'cus_fake9', return_url: 'https://goodspace.app/settings' });
    assert.equal(fake.requests[0]!.path, '/v1/billing_portal/sessions');
  } finally {
    await fake.close();
  }
});

Deno.test('a subscription fetched through the SDK maps to the row it writes', async () => {
  const fake = await startFakeStripe();
  try {
    const periodEnd = 1_900_000_000;
    fake.subscriptions.set('sub_1', subscriptionObject({ id: 'sub_1', customer: 'cus_fake1', price: 'price_client_live', periodEnd }));
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const sub = await stripe.subscriptions.retrieve('sub_1');
    assert.deepEqual(writeFromStripe(sub, { client: 'price_client_live', designer: 'price_designer_live' }), {
      plan: 'client',
      write: {
        status: 'active',
        price_id: 'price_client_live',
        product_id: 'prod_for_price_client_live',
        current_period_end: new Date(periodEnd * 1000).toISOString(),
        cancel_at_period_end: false,
        stripe_customer_id: 'cus_fake1',
        stripe_subscription_id: 'sub_1',
      },
    });
    assert.equal(fake.requests[0]!.path, '/v1/subscriptions/sub_1');
  } finally {
    await fake.close();
  }
});

const SECRET = 'whsec_test_secret';

function event(type: string, object: Record<string, unknown>, id = 'evt_test_1'): string {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: 1, data: { object } });
}

Deno.test('webhook: a correctly signed event is accepted and names its subscription', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: null });
  const payload = event('checkout.session.completed', {
    id: 'cs_1',
    object: 'checkout.session',
    mode: 'subscription',
    subscription: 'sub_9',
    client_reference_id: USER.id,
    metadata: { user_id: USER.id, plan: 'client' },
  });
  const header = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const verified = await verifyStripeEvent(stripe, payload, header, SECRET);
  assert.equal(verified.id, 'evt_test_1');
  assert.deepEqual(subscriptionOfEvent(verified), { subscriptionId: 'sub_9', userHint: USER.id });
});

Deno.test('webhook: a bad, foreign or missing signature is a 400', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: null });
  const payload = event('customer.subscription.updated', { id: 'sub_9', object: 'subscription', metadata: {} });
  const crypto = Stripe.createSubtleCryptoProvider();
  const foreign = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: 'whsec_someone_else', cryptoProvider: crypto });
  const good = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider: crypto });
  const tampered = payload.replace('sub_9', 'sub_8');
  for (const [body, header] of [
    [payload, foreign],
    [tampered, good],
    [payload, 't=1,v1=deadbeef'],
    [payload, null],
  ] as const) {
    await assert.rejects(verifyStripeEvent(stripe, body, header, SECRET), (e: unknown) => e instanceof HttpError && e.status === 400);
  }
});

Deno.test('events map to the subscription to re-fetch; others are ignored', () => {
  const ev = (type: string, object: Record<string, unknown>) => JSON.parse(event(type, object)) as Stripe.Event;
  assert.deepEqual(subscriptionOfEvent(ev('customer.subscription.deleted', { id: 'sub_2', metadata: { user_id: 'u' } })), {
    subscriptionId: 'sub_2',
    userHint: 'u',
  });
  assert.deepEqual(
    subscriptionOfEvent(ev('invoice.payment_failed', { id: 'in_1', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_3' } } })),
    { subscriptionId: 'sub_3', userHint: null },
  );
  assert.equal(subscriptionOfEvent(ev('checkout.session.completed', { id: 'cs', mode: 'payment', subscription: null })), null);
  assert.equal(subscriptionOfEvent(ev('invoice.payment_failed', { id: 'in_2', parent: null })), null);
  assert.equal(subscriptionOfEvent(ev('product.created', { id: 'prod_1' })), null);
});

Deno.test('webhook: the Connect endpoint\'s secret is accepted beside the platform\'s; neither is a 400', async () => {
  const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: null });
  const payload = event('account.updated', { id: 'acct_1', object: 'account' }, 'evt_connect_1');
  const crypto = Stripe.createSubtleCryptoProvider();
  const sign = (secret: string) => stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: crypto });
  const secrets = [SECRET, 'whsec_connect'];
  assert.equal((await verifyStripeEvent(stripe, payload, await sign('whsec_connect'), secrets)).id, 'evt_connect_1');
  assert.equal((await verifyStripeEvent(stripe, payload, await sign(SECRET), secrets)).id, 'evt_connect_1');
  await assert.rejects(verifyStripeEvent(stripe, payload, await sign('whsec_connect'), SECRET), (e: unknown) => e instanceof HttpError && e.status === 400);
  await assert.rejects(verifyStripeEvent(stripe, payload, await sign('whsec_other'), secrets), (e: unknown) => e instanceof HttpError && e.status === 400);
});
