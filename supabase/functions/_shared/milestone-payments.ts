import type Stripe from 'npm:stripe@23.1.0';
import { HttpError } from './http.ts';
import { isUuid } from './ids.ts';
import type { MilestonePaymentRow, MilestoneRow, MilestoneStore, Settlement } from './milestone-store.ts';
import type { MilestoneCheckoutPayment, MilestoneProvider } from './provider.ts';
import { type MilestoneEvent, milestoneCheckoutPaymentOf } from './stripe-milestones.ts';

// The steps of the design fee that the webhook (Stripe), confirm-milestone, the sandbox page and the functions
// take the same way (docs/payments.md, "Design fee milestones"). The database decides amounts and states and makes
// a pending ledger row for every refund and transfer first; these carry the rows out at the provider. A failure
// between the two leaves the row pending: settle-milestones retries it with the same idempotency key (the row's
// id), so the money moves once.

/** What carrying out one pending row came to. */
export type SettleResult = 'succeeded' | 'waiting' | 'failed';

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
 * Carries out one pending refund or transfer. A transfer to a designer who cannot be paid yet waits;
 * a provider failure is noted and the row stays pending for settle-milestones. Never throws for those: the
 * database step before it has happened and is what the caller answers.
 */
export async function carryOut(
  store: MilestoneStore,
  provider: MilestoneProvider,
  s: Settlement,
): Promise<SettleResult> {
  if (s.provider !== provider.kind) {
    await store.note(s.id, `wrong_provider: made with ${s.provider}, ${provider.kind} is in use here`);
    return 'waiting';
  }
  const move = {
    paymentId: s.id,
    milestoneId: s.milestone_id,
    projectId: s.project_id,
    amount: s.amount,
    reason: s.reason,
  };
  try {
    let providerId: string;
    if (s.kind === 'transfer') {
      // Not noted: a note holds the row back for 15 minutes, and the designer may finish Get paid any moment (the
      // minute job posts once the database sees a destination).
      if (!s.destination) return 'waiting';
      providerId = await provider.transferMilestone({
        ...move,
        destination: s.destination,
        sourceTransaction: s.charge_id,
      });
    } else {
      if (!s.payment_intent_id) throw new Error(`refund ${s.id} has no payment intent`);
      providerId = await provider.refundMilestone({ ...move, paymentIntentId: s.payment_intent_id });
    }
    await store.succeeded(s.id, providerId);
    return 'succeeded';
  } catch (err) {
    const why =
      err instanceof HttpError ? `${err.code ?? 'provider_error'}: ${err.message}` : `provider_error: ${String(err)}`;
    console.error(`milestones: ${s.kind} ${s.id} not carried out yet:`, err);
    await store.note(s.id, why).catch((e) => console.error('milestones: noting failed:', e));
    return 'failed';
  }
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

export type MilestoneEventOutcome = FundOutcome | 'expired' | 'ignored-unpaid' | 'frozen' | 'unknown' | 'closed';

/** Carries out one milestone event of the webhook. Failures throw: the event is released and Stripe retries it. */
export async function handleMilestoneEvent(
  event: MilestoneEvent,
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
    case 'chargeback-opened':
      return (await deps.store.chargebackOpened(event.paymentIntentId, event.disputeId, event.reason)).outcome;
    case 'chargeback-closed': {
      const answer = await deps.store.chargebackClosed(event.disputeId, event.won);
      return answer?.outcome === 'unknown' || answer?.outcome === 'duplicate' ? answer.outcome : 'closed';
    }
  }
}
