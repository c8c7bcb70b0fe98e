import type Stripe from 'npm:stripe@23.1.0';
import { carryOutLedgerRow, type SettleResult } from './ledger.ts';
import { isUuid } from './ids.ts';
import type { MilestonePaymentRow, MilestoneRow, MilestoneStore, Settlement } from './milestone-store.ts';
import type { MilestoneCheckoutPayment, MilestoneProvider } from './provider.ts';
import { type MilestoneEvent, milestoneCheckoutPaymentOf } from './stripe-milestones.ts';

// The steps of the design fee that the webhook (Stripe), confirm-milestone, the sandbox page and the functions
// take the same way (docs/payments.md, "Design fee milestones"). The database decides amounts and states and makes
// a pending ledger row for every refund and transfer first; these carry the rows out at the provider. A failure
// between the two leaves the row pending: settle-milestones retries it with the same idempotency key (the row's
// id), so the money moves once.

export type { SettleResult } from './ledger.ts';

/** A refund or transfer row as a settlement, with what the provider needs (the milestone's charge, the designer's account). */
export async function settlementOf(
  store: MilestoneStore,
  row: MilestonePaymentRow,
  milestone: Pick<MilestoneRow, 'designer_id' | 'payment_intent_id' | 'charge_id'>,
  paymentIntent?: { paymentIntentId: string; chargeId: string | null },
): Promise<Settlement> {
  return {
    id: row.id,
    kind: row.kind === 'transfer' ? 'transfer' : 'refund',
    amount: row.amount,
    provider: row.provider,
    reason: row.reason,
    milestone_id: row.milestone_id,
    project_id: row.project_id,
    payment_intent_id: paymentIntent?.paymentIntentId ?? milestone.payment_intent_id,
    charge_id: paymentIntent ? paymentIntent.chargeId : milestone.charge_id,
    destination: row.kind === 'transfer' ? await store.payableAccount(milestone.designer_id, row.provider) : null,
  };
}

/**
 * Carries out one pending refund or transfer of the design fee (ledger.ts: waits for a designer who cannot be paid
 * yet, notes a provider failure for settle-milestones). Stripe: a transfer out of the milestone's charge, a
 * partial refund of its payment intent.
 */
export function carryOut(store: MilestoneStore, provider: MilestoneProvider, s: Settlement): Promise<SettleResult> {
  const move = (x: Settlement) => ({
    paymentId: x.id,
    milestoneId: x.milestone_id,
    projectId: x.project_id,
    amount: x.amount,
    reason: x.reason,
  });
  return carryOutLedgerRow('milestones', store, provider.kind, s, {
    transfer: (x, destination) =>
      provider.transferMilestone({ ...move(x), destination, sourceTransaction: x.charge_id }),
    refund: (x, paymentIntentId) => provider.refundMilestone({ ...move(x), paymentIntentId }),
  });
}

/** Carries out the rows a database step just made (a release's transfer, a decision's refund and transfer). */
export async function carryOutRows(
  store: MilestoneStore,
  provider: MilestoneProvider,
  rows: (MilestonePaymentRow | null | undefined)[],
): Promise<void> {
  for (const row of rows) {
    if (!row || row.status !== 'pending') continue;
    const milestone = await store.milestone(row.milestone_id);
    if (!milestone) continue;
    await carryOut(store, provider, await settlementOf(store, row, milestone));
  }
}

export type FundOutcome = 'funded' | 'duplicate' | 'refunded' | 'mismatch' | 'unknown-payment';

/**
 * A payment arrived for a funding row: the database counts it (amount and currency must be the row's) or answers
 * 'refund' (the milestone was already funded by another payment: a double payment), whose whole-amount refund
 * row is carried out at once. A mismatch changes nothing in the database; its money goes back to the customer.
 */
export async function fundWithPayment(
  store: MilestoneStore,
  provider: MilestoneProvider,
  paymentId: string,
  paid: { paymentIntentId: string; chargeId: string | null; amountCents: number; currency: string },
): Promise<FundOutcome> {
  const answer = await store.markFunded(paymentId, paid);
  if (answer.outcome === 'mismatch') {
    console.error(
      `milestones: payment ${paid.paymentIntentId} is not row ${paymentId}'s (amount or currency); refunded`,
    );
    await provider.refundMismatchedMilestone(paid.paymentIntentId, paymentId);
    return 'mismatch';
  }
  if (answer.outcome !== 'refund') return answer.outcome;
  if (answer.refund) {
    const settlement = await settlementOf(
      store,
      answer.refund,
      answer.milestone ?? { designer_id: null, payment_intent_id: null, charge_id: null },
      {
        paymentIntentId: paid.paymentIntentId,
        chargeId: paid.chargeId,
      },
    );
    // The double payment is given back at once; should the provider fail, the row is retried by settle-milestones.
    await carryOut(store, provider, settlement);
  }
  return 'refunded';
}

/**
 * A paid checkout (the webhook's, or confirm-milestone's look) funds its row only when it is the row's own
 * session on the platform's account; the database then checks amount and currency.
 */
export async function settleMilestoneCheckout(
  store: MilestoneStore,
  provider: MilestoneProvider,
  payment: MilestoneCheckoutPayment,
): Promise<FundOutcome> {
  const found = payment.paymentId && isUuid(payment.paymentId) ? await store.forPayment(payment.paymentId) : null;
  // Another environment on the same Stripe account may own it: only logged.
  if (!found) return 'unknown-payment';
  if (payment.account !== null || found.payment.checkout_session_id !== payment.sessionId) {
    console.error(
      `milestones: payment ${payment.paymentIntentId} (session ${payment.sessionId}) not settled for row ${found.payment.id}: ` +
        (payment.account ? `a connected account's payment (${payment.account})` : "not the row's checkout"),
    );
    if (payment.account === null) await provider.refundMismatchedMilestone(payment.paymentIntentId, found.payment.id);
    return 'mismatch';
  }
  return await fundWithPayment(store, provider, found.payment.id, payment);
}

export type MilestoneEventOutcome = FundOutcome | 'expired' | 'ignored-unpaid';

/**
 * Carries out one milestone event of the webhook (chargebacks, which may be an order's, go through
 * chargebacks.ts). Failures throw: the event is released and Stripe retries it.
 */
export async function handleMilestoneEvent(
  event: Extract<MilestoneEvent, { kind: 'milestone-paid' | 'milestone-expired' }>,
  deps: { stripe: Stripe; store: MilestoneStore; provider: MilestoneProvider },
): Promise<MilestoneEventOutcome> {
  switch (event.kind) {
    case 'milestone-paid': {
      const payment = await milestoneCheckoutPaymentOf(deps.stripe, event.session, event.account);
      return payment ? await settleMilestoneCheckout(deps.store, deps.provider, payment) : 'ignored-unpaid';
    }
    case 'milestone-expired':
      if (!isUuid(event.paymentId)) return 'unknown-payment';
      await deps.store.expire(event.paymentId);
      return 'expired';
  }
}
