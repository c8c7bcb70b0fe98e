import assert from 'node:assert/strict';
import { accountObject, startFakeStripe } from './testing/fake-stripe.ts';
import {
  accountState,
  checkoutExpiry,
  createDashboardLink,
  createExpressAccount,
  createOnboardingLink,
  createOrderCheckoutSession,
  latestRefund,
  marketEventOf,
  createOrderRefund,
  createOrderTransfer,
  orderTransferGroup,
  paidCheckoutPayment,
  refundDoubleOrderPayment,
  refundMismatchedPayment,
  retrieveAccountState,
  toCents,
} from './stripe-market.ts';
import { createStripeClient, Stripe } from './stripe-provider.ts';
import { SandboxProvider, sandboxId } from './sandbox-provider.ts';
import { HttpError } from './http.ts';
import type { BillingStore } from './billing-store.ts';

// The market's Stripe requests (Connect accounts, account links, held Checkout charges, payouts, refunds) made by the
// real SDK against the local fake Stripe, and which webhook events concern orders and accounts.

const SELLER = { id: '8a4b6c1e-0000-4000-8000-00000000a001', email: 'seller@goodspace.dev' };
const BUYER = '8a4b6c1e-0000-4000-8000-00000000b001';
const ORDER = '8a4b6c1e-0000-4000-8000-00000000c001';

Deno.test('amounts become integer cents without floating-point error; anything else is refused', () => {
  assert.equal(toCents(85), 8500);
  assert.equal(toCents('85.00'), 8500);
  assert.equal(toCents(0.29), 29);
  assert.equal(toCents('1234.5'), 123450);
  assert.equal(toCents(19.99), 1999);
  assert.equal(toCents('9999999999.99'), 999999999999);
  for (const bad of [0, -5, '1.234', 'abc', '', Number.NaN]) assert.throws(() => toCents(bad), String(bad));
});

Deno.test('seller account: an Express account with transfers, created with an idempotency key', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const id = await createExpressAccount(stripe, SELLER);
    assert.equal(id, 'acct_fake1');
    const [req] = fake.requests;
    assert.equal(req!.method, 'POST');
    assert.equal(req!.path, '/v1/accounts');
    assert.deepEqual(req!.form, {
      type: 'express',
      country: 'US',
      email: SELLER.email,
      'capabilities[transfers][requested]': 'true',
      'metadata[user_id]': SELLER.id,
    });
    assert.equal(req!.idempotencyKey, `connect-account-${SELLER.id}`);
    // Two first onboardings at once send the same key: Stripe answers the same account, no second one.
    assert.equal(await createExpressAccount(stripe, SELLER), 'acct_fake1');
    assert.equal(fake.accounts.size, 1);
  } finally {
    await fake.close();
  }
});

Deno.test('onboarding link: account_onboarding with the return and refresh URLs; the dashboard is a login link', async () => {
  const fake = await startFakeStripe();
  try {
    // As Stripe, the fake makes links only for accounts the platform has.
    fake.accounts.set('acct_fake7', accountObject({ id: 'acct_fake7' }));
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const url = await createOnboardingLink(stripe, 'acct_fake7', {
      returnUrl: new URL('https://goodspace.app/settings?payouts=return'),
      refreshUrl: new URL('https://goodspace.app/settings?payouts=refresh'),
    });
    assert.equal(url, 'https://connect.stripe.test/setup/e/acct_fake7/link_fake1');
    assert.equal(fake.requests[0]!.path, '/v1/account_links');
    assert.deepEqual(fake.requests[0]!.form, {
      account: 'acct_fake7',
      type: 'account_onboarding',
      return_url: 'https://goodspace.app/settings?payouts=return',
      refresh_url: 'https://goodspace.app/settings?payouts=refresh',
    });
    assert.equal(await createDashboardLink(stripe, 'acct_fake7'), 'https://connect.stripe.test/express/acct_fake7/login');
    assert.equal(fake.requests[1]!.path, '/v1/accounts/acct_fake7/login_links');
  } finally {
    await fake.close();
  }
});

Deno.test('an account re-fetched through the SDK maps to its columns: payable only with transfers and payouts', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    fake.accounts.set(
      'acct_new',
      accountObject({ id: 'acct_new', currentlyDue: ['external_account', 'individual.dob.day', 'tos_acceptance.date'] }),
    );
    assert.deepEqual(await retrieveAccountState(stripe, 'acct_new'), {
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      transfersActive: false,
      requirementsDue: ['external_account', 'individual.dob.day', 'tos_acceptance.date'],
      disabledReason: 'requirements.past_due',
    });
    fake.accounts.set('acct_done', accountObject({ id: 'acct_done', payable: true }));
    assert.deepEqual(await retrieveAccountState(stripe, 'acct_done'), {
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      transfersActive: true,
      requirementsDue: [],
      disabledReason: null,
    });
    assert.equal(fake.requests[1]!.path, '/v1/accounts/acct_done');
    // Capabilities pending (Stripe still verifying): not active.
    const pending = accountState({ ...accountObject({ id: 'a', payable: true }), capabilities: { transfers: 'pending' } } as unknown as Stripe.Account);
    assert.equal(pending.transfersActive, false);
  } finally {
    await fake.close();
  }
});

Deno.test('order checkout: the platform\'s own charge of the order amount in the order\'s group, no transfer_data, no application fee', async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const expiresAt = new Date(Date.now() + 45 * 60_000);
    const checkout = await createOrderCheckoutSession(stripe, {
      orderId: ORDER,
      buyerId: BUYER,
      amount: '85.50',
      currency: 'usd',
      title: 'Teak sideboard',
      photoUrl: 'https://cdn.goodspace.app/catalog-images/a.webp',
      successUrl: new URL(`https://goodspace.app/orders/${ORDER}?checkout=done`),
      cancelUrl: new URL('https://goodspace.app/good-stuff/item-1'),
      expiresAt,
    });
    const expires = Math.floor(expiresAt.getTime() / 1000);
    assert.deepEqual(checkout, { url: 'https://checkout.stripe.test/c/pay/cs_fake1', sessionId: 'cs_fake1', expiresAt: new Date(expires * 1000) });
    const [req] = fake.requests;
    assert.equal(req!.path, '/v1/checkout/sessions');
    assert.equal(req!.idempotencyKey, `order-checkout-${ORDER}`);
    assert.deepEqual(req!.form, {
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '8550',
      'line_items[0][price_data][product_data][name]': 'Teak sideboard',
      'line_items[0][price_data][product_data][images][0]': 'https://cdn.goodspace.app/catalog-images/a.webp',
      // Held: no transfer_data (Good Space keeps it until the handover); the group ties the payout to the charge.
      'payment_intent_data[transfer_group]': `order_${ORDER}`,
      'payment_intent_data[metadata][order_id]': ORDER,
      'metadata[order_id]': ORDER,
      client_reference_id: BUYER,
      success_url: `https://goodspace.app/orders/${ORDER}?checkout=done`,
      cancel_url: 'https://goodspace.app/good-stuff/item-1',
      expires_at: String(expires),
    });
    assert.ok(!Object.keys(req!.form).some((k) => k.includes('application_fee')), 'the seller keeps 100%');
    assert.ok(!Object.keys(req!.form).some((k) => k.includes('transfer_data')), 'held, not sent on');
  } finally {
    await fake.close();
  }
});

Deno.test('checkout expiry: the order\'s, but never under the 30 minutes Stripe requires when it receives it', () => {
  const now = new Date('2026-12-01T12:00:00.000Z');
  const nowS = now.getTime() / 1000;
  assert.equal(checkoutExpiry(new Date(now.getTime() + 30 * 60_000), now), nowS + 31 * 60);
  assert.equal(checkoutExpiry(new Date(now.getTime() + 2 * 3600_000), now), nowS + 2 * 3600);
});

Deno.test("a double payment's refund: the whole payment once per order, the transfer reversed only for a destination charge", async () => {
  const fake = await startFakeStripe();
  try {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
    const id = await refundDoubleOrderPayment(stripe, { id: ORDER, paymentIntentId: 'pi_1', reverseTransfer: false });
    assert.equal(id, 're_fake1');
    const [req] = fake.requests;
    assert.equal(req!.path, '/v1/refunds');
    assert.equal(req!.idempotencyKey, `order-refund-${ORDER}`);
    assert.deepEqual(req!.form, {
      payment_intent: 'pi_1',
      'metadata[order_id]': ORDER,
      'metadata[order_reason]': 'already_sold',
    });
    // A retry (the webhook again after a failure) gets the same refund, not a second one.
    assert.equal(await refundDoubleOrderPayment(stripe, { id: ORDER, paymentIntentId: 'pi_1', reverseTransfer: false }), 're_fake1');
    assert.equal(fake.refunds.length, 1);
    assert.deepEqual(await latestRefund(stripe, 'pi_1'), { id: 're_fake1', origin: 'already_sold' });
    assert.equal(await latestRefund(stripe, 'pi_none'), null);
    const listed = fake.requests.at(-1)!;
    assert.equal(listed.method, 'GET');
    assert.equal(listed.path, '/v1/refunds');
    assert.equal(listed.form.payment_intent, 'pi_none');
    // A legacy order's destination charge: the seller has the money, so the refund takes it back.
    const OTHER = '8a4b6c1e-0000-4000-8000-00000000c002';
    await refundDoubleOrderPayment(stripe, { id: OTHER, paymentIntentId: 'pi_2', reverseTransfer: true });
    assert.equal(fake.requests.at(-1)!.form.reverse_transfer, 'true');
    // A mismatched payment: reversed only when it went on to an account.
    await refundMismatchedPayment(stripe, 'pi_3', ORDER, false);
    assert.deepEqual(fake.requests.at(-1)!.form, {
      payment_intent: 'pi_3',
      'metadata[order_id]': ORDER,
      'metadata[order_reason]': 'mismatch',
    });
    assert.equal(fake.requests.at(-1)!.idempotencyKey, 'mismatch-refund-pi_3');
    await refundMismatchedPayment(stripe, 'pi_4', null, true);
    assert.equal(fake.requests.at(-1)!.form.reverse_transfer, 'true');
  } finally {
    await fake.close();
  }
});

const ROW = '8a4b6c1e-0000-4000-8000-0000000d0001';
const ROW_2 = '8a4b6c1e-0000-4000-8000-0000000d0002';

/** A fake Stripe with one paid held order checkout (pi_o1 of $85.50, charge ch_o1) and a payable seller. */
async function paidOrder() {
  const fake = await startFakeStripe();
  const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
  fake.accounts.set('acct_seller1', accountObject({ id: 'acct_seller1', payable: true }));
  const checkout = await createOrderCheckoutSession(stripe, {
    orderId: ORDER,
    buyerId: BUYER,
    amount: '85.50',
    currency: 'usd',
    title: 'Teak sideboard',
    photoUrl: null,
    successUrl: new URL(`https://goodspace.app/orders/${ORDER}?checkout=done`),
    cancelUrl: new URL('https://goodspace.app/good-stuff/item-1'),
    expiresAt: new Date(Date.now() + 45 * 60_000),
  });
  fake.payCheckout(checkout.sessionId, 'pi_o1');
  fake.requests.length = 0;
  return { fake, stripe };
}

Deno.test("a paid held checkout is read from Stripe with its charge and no destination", async () => {
  const { fake, stripe } = await paidOrder();
  try {
    const [sessionId] = [...fake.checkoutSessions.keys()];
    assert.deepEqual(await paidCheckoutPayment(stripe, sessionId!), {
      sessionId,
      orderId: ORDER,
      paymentIntentId: 'pi_o1',
      chargeId: 'ch_o1',
      amountCents: 8550,
      currency: 'usd',
      destination: null,
      account: null,
    });
  } finally {
    await fake.close();
  }
});

Deno.test("a held order's payout: a transfer out of its charge in the order's group, once per ledger row", async () => {
  const { fake, stripe } = await paidOrder();
  try {
    assert.equal(orderTransferGroup(ORDER), `order_${ORDER}`);
    assert.equal(fake.charges.get('ch_o1')!.transfer_group, `order_${ORDER}`);
    const move = { paymentId: ROW, orderId: ORDER, amount: '85.50', reason: 'release' };
    const id = await createOrderTransfer(stripe, { ...move, destination: 'acct_seller1', sourceTransaction: 'ch_o1' });
    assert.equal(id, 'tr_fake1');
    const [req] = fake.requests;
    assert.equal(req!.path, '/v1/transfers');
    assert.equal(req!.idempotencyKey, `order-transfer-${ROW}`);
    assert.deepEqual(req!.form, {
      amount: '8550',
      currency: 'usd',
      destination: 'acct_seller1',
      transfer_group: `order_${ORDER}`,
      source_transaction: 'ch_o1',
      'metadata[order_id]': ORDER,
      'metadata[order_payment_id]': ROW,
    });
    // The retry of the same row: the same transfer.
    assert.equal(
      await createOrderTransfer(stripe, { ...move, destination: 'acct_seller1', sourceTransaction: 'ch_o1' }),
      'tr_fake1',
    );
    assert.equal(fake.transfers.length, 1);
    // Nothing is left of the charge: a second row's transfer is refused, as Stripe would.
    await assert.rejects(
      createOrderTransfer(stripe, { ...move, paymentId: ROW_2, amount: '0.01', destination: 'acct_seller1', sourceTransaction: 'ch_o1' }),
      (err: unknown) => err instanceof Stripe.errors.StripeError && err.code === 'amount_too_large',
    );
  } finally {
    await fake.close();
  }
});

Deno.test("a held order's refunds: parts of the payment intent, no reverse_transfer; a legacy order's with it", async () => {
  const { fake, stripe } = await paidOrder();
  try {
    const half = { paymentId: ROW, orderId: ORDER, amount: '42.75', reason: 'problem', paymentIntentId: 'pi_o1' };
    assert.equal(await createOrderRefund(stripe, { ...half, reverseTransfer: false }), 're_fake1');
    const [req] = fake.requests;
    assert.equal(req!.idempotencyKey, `order-refund-${ROW}`);
    assert.deepEqual(req!.form, {
      payment_intent: 'pi_o1',
      amount: '4275',
      'metadata[order_id]': ORDER,
      'metadata[order_payment_id]': ROW,
      'metadata[order_reason]': 'problem',
    });
    assert.equal(fake.charges.get('ch_o1')!.amount_refunded, 4275);
    // A ledger refund is the order's own: the charge.refunded that follows changes nothing (market-orders.ts).
    assert.deepEqual(await latestRefund(stripe, 'pi_o1'), { id: 're_fake1', origin: 'ledger' });
    const legacy = { ...half, paymentId: ROW_2, amount: '42.75', reason: 'seller_cancelled', reverseTransfer: true };
    await createOrderRefund(stripe, legacy);
    assert.equal(fake.requests.at(-1)!.form.reverse_transfer, 'true');
    assert.equal(fake.requests.at(-1)!.idempotencyKey, `order-refund-${ROW_2}`);
    // A refund made in Stripe's dashboard afterwards is the latest: the provider's.
    fake.refunds.push({ id: 're_dashboard', object: 'refund', payment_intent: 'pi_o1', status: 'succeeded', metadata: {} });
    assert.deepEqual(await latestRefund(stripe, 'pi_o1'), { id: 're_dashboard', origin: 'provider' });
  } finally {
    await fake.close();
  }
});

function ev(type: string, object: Record<string, unknown>): Stripe.Event {
  return { id: 'evt_1', object: 'event', type, api_version: '2026-10-28.endive', created: 1, data: { object } } as unknown as Stripe.Event;
}

Deno.test('events: which concern orders and accounts', () => {
  const paid = { id: 'cs_1', mode: 'payment', payment_status: 'paid', payment_intent: 'pi_1', metadata: { order_id: ORDER } };
  // The session rides along: what it paid, to whom, is checked against the order before settling (market-orders.ts).
  assert.deepEqual(marketEventOf(ev('checkout.session.completed', paid)), { kind: 'order-paid', session: paid, account: null });
  assert.deepEqual(marketEventOf(ev('checkout.session.async_payment_succeeded', paid)), {
    kind: 'order-paid',
    session: paid,
    account: null,
  });
  assert.deepEqual(marketEventOf({ ...ev('checkout.session.completed', paid), account: 'acct_other' }), {
    kind: 'order-paid',
    session: paid,
    account: 'acct_other',
  });
  // A connected account's own session expiring is not one of our orders.
  assert.equal(marketEventOf({ ...ev('checkout.session.expired', { ...paid, payment_status: 'unpaid' }), account: 'acct_other' }), null);
  // Not paid yet (a delayed payment method), a membership checkout, someone else's session: not an order's payment.
  assert.equal(marketEventOf(ev('checkout.session.completed', { ...paid, payment_status: 'unpaid' })), null);
  assert.equal(marketEventOf(ev('checkout.session.completed', { ...paid, mode: 'subscription' })), null);
  assert.equal(marketEventOf(ev('checkout.session.completed', { ...paid, metadata: {} })), null);
  assert.deepEqual(marketEventOf(ev('checkout.session.expired', { ...paid, payment_status: 'unpaid', payment_intent: null })), {
    kind: 'order-expired',
    orderId: ORDER,
  });
  assert.deepEqual(marketEventOf(ev('checkout.session.async_payment_failed', paid)), { kind: 'order-expired', orderId: ORDER });
  assert.equal(marketEventOf(ev('checkout.session.expired', { ...paid, metadata: {} })), null);
  assert.deepEqual(marketEventOf(ev('account.updated', { id: 'acct_9', object: 'account' })), { kind: 'account', accountId: 'acct_9' });
  assert.deepEqual(marketEventOf(ev('charge.refunded', { id: 'ch_1', refunded: true, payment_intent: 'pi_1' })), {
    kind: 'charge-refunded',
    paymentIntentId: 'pi_1',
  });
  assert.equal(marketEventOf(ev('charge.refunded', { id: 'ch_1', refunded: false, payment_intent: 'pi_1' })), null, 'partial refund');
  assert.equal(marketEventOf(ev('customer.subscription.updated', { id: 'sub_1' })), null);
  assert.equal(marketEventOf(ev('payout.paid', { id: 'po_1' })), null);
});

Deno.test('sandbox market: its own pages, Stripe-shaped ids, and no dashboard', async () => {
  const sandbox = new SandboxProvider({} as BillingStore);
  assert.match(sandboxId('acct'), /^acct_sandbox_[0-9a-f]{32}$/);
  assert.match(await sandbox.createSellerAccount(), /^acct_sandbox_[0-9a-f]{32}$/);
  assert.equal(
    await sandbox.onboardingLink('acct_sandbox_x', {
      returnUrl: new URL('http://localhost:5173/settings?payouts=return'),
      refreshUrl: new URL('http://localhost:5173/settings?payouts=refresh'),
    }),
    'http://localhost:5173/sandbox/connect',
  );
  const expiresAt = new Date(Date.now() + 30 * 60_000);
  const checkout = await sandbox.createOrderCheckout({
    orderId: ORDER,
    buyerId: BUYER,
    amount: 85,
    currency: 'usd',
    title: 'Chair',
    photoUrl: null,
    successUrl: new URL(`http://127.0.0.1:5173/orders/${ORDER}?checkout=done`),
    cancelUrl: new URL('http://127.0.0.1:5173/good-stuff/x'),
    expiresAt,
  });
  assert.equal(checkout.url, `http://127.0.0.1:5173/sandbox/pay?order=${ORDER}`);
  assert.match(checkout.sessionId, /^cs_sandbox_[0-9a-f]{32}$/);
  assert.equal(checkout.expiresAt, expiresAt);
  assert.match(await sandbox.refundDoublePayment(), /^re_sandbox_[0-9a-f]{32}$/);
  assert.match(await sandbox.refundOrder(), /^re_sandbox_[0-9a-f]{32}$/);
  assert.match(await sandbox.transferOrder(), /^tr_sandbox_[0-9a-f]{32}$/);
  assert.equal(await sandbox.refreshSellerAccount(), null);
  await assert.rejects(sandbox.dashboardLink(), (e: unknown) => e instanceof HttpError && e.status === 409 && e.code === 'sandbox_no_dashboard');
});
