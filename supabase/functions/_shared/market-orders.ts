import type Stripe from 'npm:stripe@23.1.0';
import type { MarkedRefundReason, MarketStore, OrderRow } from './market-store.ts';
import type { CheckoutPayment, MarketProvider } from './provider.ts';
import { checkoutPaymentOf, latestRefund, type MarketEvent, retrieveAccountState, toCents } from './stripe-market.ts';
import { isUuid } from './ids.ts';

// The steps of an order that the webhook (Stripe) and the sandbox pages (no keys) take the same way
// (docs/decisions/0029-paying-sellers.md). The database decides; these only carry out what it answers.

/** 'paid' the piece is the buyer's; 'refunded' someone else had bought it, the money went back; 'duplicate' done before. */
export type SettleOutcome = 'paid' | 'refunded' | 'duplicate' | 'unknown-order' | 'mismatch';

/**
 * A payment arrived for an order, with its charge (a held order's payout is a transfer out of it). The database
 * marks it paid if the piece can still go to this buyer; if the piece was sold meanwhile (two buyers paid at once)
 * it answers 'refund': the buyer gets every cent back (a legacy destination charge's transfer reversed) and the
 * order becomes `refunded`, which tells the buyer. A retry after a failure between the two steps gets 'refund' again
 * and the same refund (one idempotency key per order).
 */
export async function settleOrderPayment(
  market: MarketStore,
  provider: MarketProvider,
  orderId: string,
  paymentIntentId: string,
  chargeId: string | null,
): Promise<SettleOutcome> {
  if (!isUuid(orderId) || !(await market.order(orderId))) return 'unknown-order';
  const { outcome, order } = await market.markPaid(orderId, paymentIntentId, chargeId);
  if (outcome !== 'refund') return outcome;
  const refundId = await provider.refundDoublePayment({
    id: order.id,
    paymentIntentId,
    reverseTransfer: order.payout === 'destination',
  });
  await market.markRefunded(order.id, refundId, 'already_sold');
  return 'refunded';
}

/**
 * Why a paid checkout is not this order's payment, or null when it is (docs/decisions/0030-safe-by-default.md,
 * "Stripe events"): the platform's own charge, of the order's own Checkout Session naming this order, of exactly
 * the order's amount in cents and currency. A held order's payment stays on the platform's account (no
 * destination: the payout is a transfer at the handover); a legacy order's went on to the seller's connected account.
 */
export function paymentMismatch(
  order: Pick<OrderRow, 'id' | 'amount' | 'currency' | 'checkout_session_id' | 'payout'>,
  sellerAccountId: string | null,
  payment: CheckoutPayment,
): string | null {
  if (payment.account !== null) return `a connected account's own payment (${payment.account})`;
  if (payment.orderId !== order.id) return `the session names order ${payment.orderId ?? 'none'}`;
  if (payment.sessionId !== order.checkout_session_id) return `session ${payment.sessionId} is not the order's checkout`;
  if (payment.currency.toLowerCase() !== order.currency.toLowerCase()) {
    return `currency ${payment.currency}, the order's is ${order.currency}`;
  }
  if (payment.amountCents !== toCents(order.amount)) {
    return `amount ${payment.amountCents} cents, the order's is ${toCents(order.amount)}`;
  }
  if (order.payout === 'held') {
    return payment.destination === null ? null : `paid on to ${payment.destination}; a held order's payment stays with Good Space`;
  }
  if (!sellerAccountId || payment.destination !== sellerAccountId) {
    return `paid to ${payment.destination ?? 'no account'}, the seller's is ${sellerAccountId ?? 'none'}`;
  }
  return null;
}

/**
 * A paid checkout (the webhook's event, or confirm-order's look) settles its order only when it is that order's
 * payment (paymentMismatch). One that is not leaves the order as it is and is logged; money the platform took for
 * one of our orders goes back to the buyer (refundMismatch, taking back a transfer if it went on to an account). A
 * connected account's own payment is only logged (not ours to refund), and so is one naming no order of ours
 * (another environment on the same Stripe account may own it). The answer is 'mismatch' (or 'unknown-order'):
 * nothing a retry can change.
 */
export async function settleCheckoutPayment(
  market: MarketStore,
  provider: MarketProvider,
  payment: CheckoutPayment,
): Promise<SettleOutcome> {
  const order = payment.orderId && isUuid(payment.orderId) ? await market.order(payment.orderId) : null;
  if (!order) return 'unknown-order';
  const seller = order.payout === 'destination' && order.seller_id ? await market.sellerAccount(order.seller_id) : null;
  const problem = paymentMismatch(order, seller?.provider === 'stripe' ? seller.account_id : null, payment);
  if (problem === null) {
    return await settleOrderPayment(market, provider, order.id, payment.paymentIntentId, payment.chargeId);
  }
  const refunded = payment.account === null;
  console.error(
    `market: payment ${payment.paymentIntentId} (session ${payment.sessionId}) not settled for order ${order.id}: ` +
      `${problem}; ${refunded ? 'refunded' : "flagged only (a connected account's charge)"}`,
  );
  if (refunded) await provider.refundMismatch(payment.paymentIntentId, order.id, payment.destination !== null);
  return 'mismatch';
}

export type MarketEventOutcome =
  | SettleOutcome
  | 'expired'
  | 'applied'
  | 'unknown-account'
  | 'cancelled'
  | 'kept'
  | 'ours'
  | 'ignored-unpaid';

/**
 * A refund Stripe reports (charge.refunded, in full). A double payment's carries its reason; one made in Stripe's
 * dashboard is `provider`: the sale is undone, or for an order already picked up only recorded (the database
 * decides). Refunds of an order's ledger (refuse, cancel, a decision: metadata.order_payment_id) were recorded by
 * the database before they were made, and change nothing here; nor does an order whose refund is already recorded.
 */
async function applyRefund(stripe: Stripe, market: MarketStore, paymentIntentId: string): Promise<MarketEventOutcome> {
  const order = await market.orderForPaymentIntent(paymentIntentId);
  if (!order) return 'unknown-order';
  if (order.refund_id || ['cancelled', 'refunded', 'refused'].includes(order.status)) return 'duplicate';
  const refund = await latestRefund(stripe, paymentIntentId);
  if (!refund) return 'kept';
  if (refund.origin === 'ledger') return 'ours';
  const after = await market.markRefunded(order.id, refund.id, refundReason(order));
  return after.status === 'refunded' ? 'refunded' : after.status === 'cancelled' ? 'cancelled' : 'kept';
}

/**
 * A payment still pending on our side is one the database answered 'refund' to (someone else bought first);
 * any other order's full refund that is not ours was made in Stripe's dashboard.
 */
export function refundReason(order: Pick<OrderRow, 'status'>): MarkedRefundReason {
  return order.status === 'pending' || order.status === 'expired' ? 'already_sold' : 'provider';
}

/** Carries out one market event of the webhook. Failures throw: the event is released and Stripe retries it. */
export async function handleMarketEvent(
  event: MarketEvent,
  deps: { stripe: Stripe; market: MarketStore; provider: MarketProvider },
): Promise<MarketEventOutcome> {
  switch (event.kind) {
    case 'order-paid': {
      const payment = await checkoutPaymentOf(deps.stripe, event.session, event.account);
      return payment ? await settleCheckoutPayment(deps.market, deps.provider, payment) : 'ignored-unpaid';
    }
    case 'order-expired':
      if (!isUuid(event.orderId)) return 'unknown-order';
      await deps.market.expire(event.orderId);
      return 'expired';
    case 'account': {
      // Re-fetched, not read from the event: deliveries are unordered, the account's current state is what counts.
      const state = await retrieveAccountState(deps.stripe, event.accountId);
      return (await deps.market.updateSellerAccount(event.accountId, state)) ? 'applied' : 'unknown-account';
    }
    case 'charge-refunded':
      return await applyRefund(deps.stripe, deps.market, event.paymentIntentId);
  }
}
