import assert from 'node:assert/strict';
import { parseAmount } from './amounts.ts';
import { HttpError } from './http.ts';
import type { BillingStore } from './billing-store.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { marketEventOf } from './stripe-market.ts';
import {
  createMilestoneCheckoutSession,
  createMilestoneRefund,
  createMilestoneTransfer,
  milestoneEventOf,
  paidMilestoneCheckoutPayment,
  transferGroupOf,
} from './stripe-milestones.ts';
import { createStripeClient, Stripe } from './stripe-provider.ts';
import { accountObject, startFakeStripe } from './testing/fake-stripe.ts';

// The design fee's Stripe requests (separate charges and transfers: a plain Checkout charge in the project's
// transfer group, transfers out of that charge, partial refunds), made by the real SDK against the local fake
// Stripe, and which webhook events concern milestones (docs/payments.md, "Design fee milestones").

const CUSTOMER = '8a4b6c1e-0000-4000-8000-00000000d001';
const PROJECT = '8a4b6c1e-0000-4000-8000-00000000e001';
const MILESTONE = '8a4b6c1e-0000-4000-8000-00000000f001';
const PAYMENT = '8a4b6c1e-0000-4000-8000-0000000f0001';
const TRANSFER_ROW = '8a4b6c1e-0000-4000-8000-0000000f0002';
const REFUND_ROW = '8a4b6c1e-0000-4000-8000-0000000f0003';
const REFUND_ROW_2 = '8a4b6c1e-0000-4000-8000-0000000f0004';

const checkoutInput = (expiresAt = new Date(Date.now() + 60 * 60_000)) => ({
  paymentId: PAYMENT,
  milestoneId: MILESTONE,
  projectId: PROJECT,
  customerId: CUSTOMER,
  amount: '300.00',
  title: 'Living room refresh: Concept boards',
  successUrl: new URL(`https://goodspace.app/project/${PROJECT}?funded=${PAYMENT}`),
  cancelUrl: new URL(`https://goodspace.app/project/${PROJECT}`),
  expiresAt,
});

/** A fake Stripe with one paid milestone checkout (pi_m1 of $300.00, charge ch_m1) and a payable designer. */
async function paidMilestone() {
  const fake = await startFakeStripe();
  const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
  fake.accounts.set('acct_designer', accountObject({ id: 'acct_designer', payable: true }));
  const checkout = await createMilestoneCheckoutSession(stripe, checkoutInput());
  fake.payCheckout(checkout.sessionId, 'pi_m1');
  fake.requests.length = 0;
  return { fake, stripe, checkout };
}

Deno.test(
  'milestone checkout: a plain platform charge in the project transfer group, the row on session and payment',
  async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.base });
      const expiresAt = new Date(Date.now() + 60 * 60_000);
      const checkout = await createMilestoneCheckoutSession(stripe, checkoutInput(expiresAt));
      assert.equal(checkout.url, 'https://checkout.stripe.test/c/pay/cs_fake1');
      assert.equal(checkout.sessionId, 'cs_fake1');
      const [req] = fake.requests;
      assert.equal(req!.path, '/v1/checkout/sessions');
      assert.equal(req!.idempotencyKey, `milestone-checkout-${PAYMENT}`);
      // Exactly this: no transfer_data (the money is held, not sent on), no application fee.
      assert.deepEqual(req!.form, {
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '30000',
        'line_items[0][price_data][product_data][name]': 'Living room refresh: Concept boards',
        'payment_intent_data[transfer_group]': `project_${PROJECT}`,
        'payment_intent_data[metadata][milestone_id]': MILESTONE,
        'payment_intent_data[metadata][milestone_payment_id]': PAYMENT,
        'payment_intent_data[metadata][project_id]': PROJECT,
        'metadata[milestone_id]': MILESTONE,
        'metadata[milestone_payment_id]': PAYMENT,
        'metadata[project_id]': PROJECT,
        client_reference_id: CUSTOMER,
        success_url: `https://goodspace.app/project/${PROJECT}?funded=${PAYMENT}`,
        cancel_url: `https://goodspace.app/project/${PROJECT}`,
        expires_at: String(Math.floor(expiresAt.getTime() / 1000)),
      });
      // An expiry under Stripe's floor is raised to now + 31 minutes.
      await createMilestoneCheckoutSession(stripe, {
        ...checkoutInput(new Date(Date.now() + 60_000)),
        paymentId: REFUND_ROW,
      });
      assert.ok(Number(fake.requests[1]!.form.expires_at) >= Math.floor(Date.now() / 1000) + 31 * 60 - 5);
      assert.equal(transferGroupOf(PROJECT), `project_${PROJECT}`);
    } finally {
      await fake.close();
    }
  },
);

Deno.test("a paid milestone checkout reads the payment intent's amount, currency and charge from Stripe", async () => {
  const { fake, stripe, checkout } = await paidMilestone();
  try {
    assert.deepEqual(await paidMilestoneCheckoutPayment(stripe, checkout.sessionId), {
      sessionId: checkout.sessionId,
      paymentId: PAYMENT,
      paymentIntentId: 'pi_m1',
      chargeId: 'ch_m1',
      amountCents: 30000,
      currency: 'usd',
      account: null,
    });
    assert.deepEqual(
      fake.requests.map((r) => `${r.method} ${r.path}`),
      [`GET /v1/checkout/sessions/${checkout.sessionId}`, 'GET /v1/payment_intents/pi_m1'],
    );
  } finally {
    await fake.close();
  }
});

Deno.test(
  'release: a transfer out of the charge to the designer, in the project group, once per ledger row',
  async () => {
    const { fake, stripe } = await paidMilestone();
    try {
      const move = {
        paymentId: TRANSFER_ROW,
        milestoneId: MILESTONE,
        projectId: PROJECT,
        amount: '250.5',
        reason: 'release',
        destination: 'acct_designer',
        sourceTransaction: 'ch_m1',
      };
      assert.equal(await createMilestoneTransfer(stripe, move), 'tr_fake1');
      const [req] = fake.requests;
      assert.equal(req!.path, '/v1/transfers');
      assert.equal(req!.idempotencyKey, `milestone-transfer-${TRANSFER_ROW}`);
      assert.deepEqual(req!.form, {
        amount: '25050',
        currency: 'usd',
        destination: 'acct_designer',
        transfer_group: `project_${PROJECT}`,
        source_transaction: 'ch_m1',
        'metadata[milestone_id]': MILESTONE,
        'metadata[milestone_payment_id]': TRANSFER_ROW,
        'metadata[project_id]': PROJECT,
        'metadata[milestone_reason]': 'release',
      });
      // A retry (the database step done, Stripe's answer lost) sends the same key: no second transfer.
      assert.equal(await createMilestoneTransfer(stripe, move), 'tr_fake1');
      assert.equal(fake.transfers.length, 1);
      assert.equal(fake.transfers[0]!.source_transaction, 'ch_m1');
      // Another row may not take more than is left of the charge ($49.50).
      await assert.rejects(
        createMilestoneTransfer(stripe, { ...move, paymentId: REFUND_ROW, amount: '49.51' }),
        (err: unknown) => err instanceof Stripe.errors.StripeError && err.code === 'amount_too_large',
      );
    } finally {
      await fake.close();
    }
  },
);

Deno.test(
  'refunds: partial refunds of the payment intent, no reverse_transfer, once per ledger row, never more than paid',
  async () => {
    const { fake, stripe } = await paidMilestone();
    try {
      const move = {
        paymentId: REFUND_ROW,
        milestoneId: MILESTONE,
        projectId: PROJECT,
        amount: 100,
        reason: 'designer_refund',
        paymentIntentId: 'pi_m1',
      };
      assert.equal(await createMilestoneRefund(stripe, move), 're_fake1');
      const [req] = fake.requests;
      assert.equal(req!.path, '/v1/refunds');
      assert.equal(req!.idempotencyKey, `milestone-refund-${REFUND_ROW}`);
      assert.deepEqual(req!.form, {
        payment_intent: 'pi_m1',
        amount: '10000',
        'metadata[milestone_id]': MILESTONE,
        'metadata[milestone_payment_id]': REFUND_ROW,
        'metadata[project_id]': PROJECT,
        'metadata[milestone_reason]': 'designer_refund',
      });
      assert.equal(await createMilestoneRefund(stripe, move), 're_fake1', 'a retry is the same refund');
      assert.equal(fake.refunds.length, 1);
      // The rest of the charge ($200) in a second row; after that nothing is left to refund.
      assert.equal(
        await createMilestoneRefund(stripe, {
          ...move,
          paymentId: REFUND_ROW_2,
          amount: '200.00',
          reason: 'cancel_agreed',
        }),
        're_fake2',
      );
      assert.equal(fake.charges.get('ch_m1')!.amount_refunded, 30000);
      await assert.rejects(
        createMilestoneRefund(stripe, { ...move, paymentId: TRANSFER_ROW, amount: '0.01' }),
        (err: unknown) => err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded',
      );
    } finally {
      await fake.close();
    }
  },
);

function ev(type: string, object: Record<string, unknown>, account?: string): Stripe.Event {
  return {
    id: 'evt_1',
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: 1,
    ...(account ? { account } : {}),
    data: { object },
  } as unknown as Stripe.Event;
}

Deno.test('events: which concern milestones (and never the orders)', () => {
  const paid = {
    id: 'cs_1',
    mode: 'payment',
    payment_status: 'paid',
    payment_intent: 'pi_1',
    metadata: { milestone_payment_id: PAYMENT },
  };
  assert.deepEqual(milestoneEventOf(ev('checkout.session.completed', paid)), {
    kind: 'milestone-paid',
    session: paid,
    account: null,
  });
  assert.deepEqual(milestoneEventOf(ev('checkout.session.async_payment_succeeded', paid)), {
    kind: 'milestone-paid',
    session: paid,
    account: null,
  });
  // A delayed method still on its way, a subscription, an order's session: not a milestone's payment.
  assert.equal(milestoneEventOf(ev('checkout.session.completed', { ...paid, payment_status: 'unpaid' })), null);
  assert.equal(milestoneEventOf(ev('checkout.session.completed', { ...paid, mode: 'subscription' })), null);
  assert.equal(milestoneEventOf(ev('checkout.session.completed', { ...paid, metadata: { order_id: PAYMENT } })), null);
  assert.equal(
    marketEventOf(ev('checkout.session.completed', paid)),
    null,
    "the market leaves milestones' sessions alone",
  );
  assert.deepEqual(
    milestoneEventOf(ev('checkout.session.expired', { ...paid, payment_status: 'unpaid', payment_intent: null })),
    {
      kind: 'milestone-expired',
      paymentId: PAYMENT,
    },
  );
  assert.deepEqual(milestoneEventOf(ev('checkout.session.async_payment_failed', paid)), {
    kind: 'milestone-expired',
    paymentId: PAYMENT,
  });
  assert.equal(milestoneEventOf(ev('checkout.session.expired', paid, 'acct_other')), null);
  // Chargebacks of platform charges; the database tells whether the payment intent is a milestone's.
  const dispute = {
    id: 'dp_1',
    object: 'dispute',
    charge: 'ch_1',
    payment_intent: 'pi_1',
    reason: 'fraudulent',
    status: 'needs_response',
  };
  assert.deepEqual(milestoneEventOf(ev('charge.dispute.created', dispute)), {
    kind: 'chargeback-opened',
    paymentIntentId: 'pi_1',
    disputeId: 'dp_1',
    reason: 'fraudulent',
  });
  assert.equal(marketEventOf(ev('charge.dispute.created', dispute)), null);
  assert.deepEqual(milestoneEventOf(ev('charge.dispute.closed', { ...dispute, status: 'lost' })), {
    kind: 'chargeback-closed',
    disputeId: 'dp_1',
    won: false,
  });
  assert.deepEqual(milestoneEventOf(ev('charge.dispute.closed', { ...dispute, status: 'won' })), {
    kind: 'chargeback-closed',
    disputeId: 'dp_1',
    won: true,
  });
  assert.deepEqual(milestoneEventOf(ev('charge.dispute.closed', { ...dispute, status: 'warning_closed' })), {
    kind: 'chargeback-closed',
    disputeId: 'dp_1',
    won: true,
  });
  assert.equal(
    milestoneEventOf(ev('charge.dispute.created', dispute, 'acct_other')),
    null,
    "a connected account's own charge",
  );
  assert.equal(milestoneEventOf(ev('charge.refunded', { id: 'ch_1', refunded: false, payment_intent: 'pi_1' })), null);
  assert.equal(milestoneEventOf(ev('transfer.created', { id: 'tr_1' })), null);
});

Deno.test('sandbox milestones: the app fund page, Stripe-shaped sandbox ids', async () => {
  const sandbox = new SandboxProvider({} as BillingStore);
  const checkout = await sandbox.createMilestoneCheckout(checkoutInput());
  assert.equal(checkout.url, `https://goodspace.app/sandbox/fund?payment=${PAYMENT}`);
  assert.match(checkout.sessionId, /^cs_sandbox_[0-9a-f]{32}$/);
  assert.equal(await sandbox.paidMilestoneCheckout(), null);
  assert.match(await sandbox.transferMilestone(), /^tr_sandbox_[0-9a-f]{32}$/);
  assert.match(await sandbox.refundMilestone(), /^re_sandbox_[0-9a-f]{32}$/);
});

Deno.test('amounts from a body: dollars with at most two decimals as decimal text, else 400 invalid_amount', () => {
  assert.equal(parseAmount(100, 'amount', { allowZero: false }), '100.00');
  assert.equal(parseAmount('12.5', 'amount', { allowZero: false }), '12.50');
  assert.equal(parseAmount(0.29, 'amount', { allowZero: false }), '0.29');
  assert.equal(parseAmount('007.10', 'amount', { allowZero: false }), '7.10');
  assert.equal(parseAmount(0, 'refundAmount', { allowZero: true }), '0.00');
  for (const bad of [0, '0.00', -1, '1.234', 'abc', '', null, undefined, Number.NaN, 0.1 + 0.2, 1e21, '1e3']) {
    assert.throws(
      () => parseAmount(bad, 'amount', { allowZero: false }),
      (err: unknown) => err instanceof HttpError && err.status === 400 && err.code === 'invalid_amount',
      String(bad),
    );
  }
});
