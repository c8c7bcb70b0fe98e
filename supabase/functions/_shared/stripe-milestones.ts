import type Stripe from 'npm:stripe@23.1.0';
import { HttpError } from './http.ts';
import { idOf } from './ids.ts';
import type {
  MilestoneCheckoutInput,
  MilestoneCheckoutPayment,
  MilestoneMoneyMove,
  OrderCheckout,
} from './provider.ts';
import { createHeldRefund, createHeldTransfer } from './stripe-held.ts';
import { checkoutExpiry, toCents } from './stripe-market.ts';

// Stripe for the design fee (docs/payments.md, "Design fee milestones"): separate charges and transfers. The
// customer's payment is the platform's own charge, grouped by project (transfer_group); releasing sends a
// transfer to the designer's connected account out of that very charge (source_transaction); refunds are partial
// refunds of the payment intent. Every request that moves money carries the ledger row's id as its idempotency
// key, so a retry after a failure between the database and Stripe never moves it twice.

/** The transfer group of a project's charges and transfers (Stripe's dashboard shows them together). */
export function transferGroupOf(projectId: string): string {
  return `project_${projectId}`;
}

/** What every milestone request carries, so Stripe's objects and events name the milestone and the ledger row. */
export function milestoneMetadata(move: Pick<MilestoneMoneyMove, 'milestoneId' | 'paymentId' | 'projectId'>) {
  return { milestone_id: move.milestoneId, milestone_payment_id: move.paymentId, project_id: move.projectId };
}

/**
 * Checkout for one milestone, a plain charge on the platform (no transfer_data: the money is held until the
 * customer releases it). The amount is the ledger row's, which the database set from the milestone.
 */
export async function createMilestoneCheckoutSession(
  stripe: Stripe,
  input: MilestoneCheckoutInput,
): Promise<OrderCheckout> {
  const metadata = milestoneMetadata(input);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: toCents(input.amount), product_data: { name: input.title } },
        },
      ],
      payment_intent_data: { transfer_group: transferGroupOf(input.projectId), metadata },
      metadata,
      client_reference_id: input.customerId,
      success_url: input.successUrl.href,
      cancel_url: input.cancelUrl.href,
      expires_at: checkoutExpiry(input.expiresAt),
    },
    { idempotencyKey: `milestone-checkout-${input.paymentId}` },
  );
  if (!session.url) throw new HttpError(502, 'The payment provider returned no checkout page', 'provider_error');
  return {
    url: session.url,
    sessionId: session.id,
    expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : input.expiresAt,
  };
}

/**
 * What Stripe says was paid through a milestone's Checkout Session: the payment intent's amount, currency and
 * charge, read from Stripe, never from our rows. Null while the session is not paid.
 */
export async function milestoneCheckoutPaymentOf(
  stripe: Stripe,
  session: Pick<Stripe.Checkout.Session, 'id' | 'mode' | 'payment_status' | 'payment_intent' | 'metadata'>,
  account: string | null,
): Promise<MilestoneCheckoutPayment | null> {
  const paymentIntentId = idOf(session.payment_intent);
  if (session.mode !== 'payment' || session.payment_status !== 'paid' || !paymentIntentId) return null;
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, account ? { stripeAccount: account } : {});
  return {
    sessionId: session.id,
    paymentId: session.metadata?.milestone_payment_id ?? null,
    paymentIntentId,
    chargeId: idOf(intent.latest_charge) ?? null,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
    account,
  };
}

export async function paidMilestoneCheckoutPayment(
  stripe: Stripe,
  sessionId: string,
): Promise<MilestoneCheckoutPayment | null> {
  return await milestoneCheckoutPaymentOf(stripe, await stripe.checkout.sessions.retrieve(sessionId), null);
}

/**
 * The designer's share of a held charge: a transfer to their connected account, funded by the milestone's own
 * charge (source_transaction), so it never waits on nor draws from the platform's available balance.
 */
export function createMilestoneTransfer(
  stripe: Stripe,
  move: MilestoneMoneyMove & { destination: string; sourceTransaction: string | null },
): Promise<string> {
  return createHeldTransfer(stripe, {
    amount: move.amount,
    destination: move.destination,
    transferGroup: transferGroupOf(move.projectId),
    sourceTransaction: move.sourceTransaction,
    metadata: { ...milestoneMetadata(move), milestone_reason: move.reason },
    idempotencyKey: `milestone-transfer-${move.paymentId}`,
  });
}

/**
 * Part (or all) of a charge back to the customer. No reverse_transfer: what is refunded is still held, the
 * platform's, never money already sent to the designer.
 */
export function createMilestoneRefund(
  stripe: Stripe,
  move: MilestoneMoneyMove & { paymentIntentId: string },
): Promise<string> {
  return createHeldRefund(stripe, {
    paymentIntentId: move.paymentIntentId,
    amount: move.amount,
    metadata: { ...milestoneMetadata(move), milestone_reason: move.reason },
    idempotencyKey: `milestone-refund-${move.paymentId}`,
  });
}

/** A payment the database refused as not its row's (amount, currency): all of it back, once per payment intent. */
export async function refundMismatchedMilestonePayment(
  stripe: Stripe,
  paymentIntentId: string,
  paymentId: string | null,
): Promise<string> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntentId,
      metadata: { ...(paymentId ? { milestone_payment_id: paymentId } : {}), milestone_reason: 'mismatch' },
    },
    { idempotencyKey: `milestone-mismatch-refund-${paymentIntentId}` },
  );
  return refund.id;
}

/** What a webhook event asks of milestones, if anything. */
export type MilestoneEvent =
  | { kind: 'milestone-paid'; session: Stripe.Checkout.Session; account: string | null }
  | { kind: 'milestone-expired'; paymentId: string }
  | { kind: 'chargeback-opened'; paymentIntentId: string; disputeId: string; reason: string }
  | { kind: 'chargeback-closed'; disputeId: string; won: boolean };

/**
 * The milestones' events: our payment-mode Checkout Sessions (metadata.milestone_payment_id) when paid, expired
 * or failed, and chargebacks (charge.dispute.created|closed) of any platform charge: the database answers
 * 'unknown' for one that is not a milestone's (an order's), which records nothing.
 */
export function milestoneEventOf(event: Stripe.Event): MilestoneEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // 'unpaid': a delayed payment method on its way; its async_payment_succeeded follows.
      if (session.mode !== 'payment' || !session.metadata?.milestone_payment_id) return null;
      if (session.payment_status !== 'paid' || !idOf(session.payment_intent)) return null;
      return { kind: 'milestone-paid', session, account: event.account ?? null };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const paymentId = session.metadata?.milestone_payment_id;
      return session.mode === 'payment' && paymentId && !event.account
        ? { kind: 'milestone-expired', paymentId }
        : null;
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId || event.account) return null;
      return { kind: 'chargeback-opened', paymentIntentId, disputeId: dispute.id, reason: dispute.reason ?? 'general' };
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      if (event.account) return null;
      // 'won' and an inquiry closed without a chargeback ('warning_closed') leave the money with the platform.
      return {
        kind: 'chargeback-closed',
        disputeId: dispute.id,
        won: dispute.status === 'won' || dispute.status === 'warning_closed',
      };
    }
    default:
      return null;
  }
}
