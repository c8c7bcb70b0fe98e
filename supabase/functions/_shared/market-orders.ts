import type Stripe from 'npm:stripe@23.1.0';
import type { MarketStore, OrderRow, RefundReason } from './market-store.ts';
import type { MarketProvider } from './provider.ts';
import { latestRefund, type MarketEvent, retrieveAccountState } from './stripe-market.ts';
import { isUuid } from './ids.ts';

// The steps of an order that the webhook (Stripe) and the sandbox pages (no keys) take the same way
// (docs/decisions/0029-paying-sellers.md). The database decides; these only carry out what it answers.

/** 'paid' the piece is the buyer's; 'refunded' someone else had bought it, the money went back; 'duplicate' done before. */
export type SettleOutcome = 'paid' | 'refunded' | 'duplicate' | 'unknown-order';

/**
 * A payment arrived for an order. The database marks it paid if the piece can still go to this buyer; if the piece
 * was sold meanwhile (two buyers paid at once) it answers 'refund': the buyer gets every cent back (the transfer to
 * the seller reversed) and the order becomes `refunded`, which tells the buyer. A retry after a failure between
 * the two steps gets 'refund' again and the same refund (one idempotency key per order).
 */
export async function settleOrderPayment(
  market: MarketStore,
  provider: MarketProvider,
  orderId: string,
  paymentIntentId: string,
): Promise<SettleOutcome> {
  if (!isUuid(orderId) || !(await market.order(orderId))) return 'unknown-order';
  const { outcome, order } = await market.markPaid(orderId, paymentIntentId);
  if (outcome !== 'refund') return outcome;
  const refundId = await provider.refundOrder({ id: order.id, paymentIntentId }, 'already_sold');
  await market.markRefunded(order.id, refundId, 'already_sold');
  return 'refunded';
}

export type MarketEventOutcome =
  | SettleOutcome
  | 'expired'
  | 'applied'
  | 'unknown-account'
  | 'cancelled'
  | 'kept';

/**
 * A refund Stripe reports (charge.refunded, in full). Ours carry their reason (cancel-order, a double payment);
 * one made in Stripe's dashboard is `provider`: the sale is undone, or for an order already picked up only
 * recorded (the database decides). An order whose refund is already recorded stays as it is.
 */
async function applyRefund(stripe: Stripe, market: MarketStore, paymentIntentId: string): Promise<MarketEventOutcome> {
  const order = await market.orderForPaymentIntent(paymentIntentId);
  if (!order) return 'unknown-order';
  if (order.refund_id || order.status === 'cancelled' || order.status === 'refunded') return 'duplicate';
  const refund = await latestRefund(stripe, paymentIntentId);
  if (!refund) return 'kept';
  const after = await market.markRefunded(order.id, refund.id, refundReason(order, refund.reason));
  return after.status === 'refunded' ? 'refunded' : after.status === 'cancelled' ? 'cancelled' : 'kept';
}

/**
 * A payment still pending on our side is one the database answered 'refund' to (someone else bought first); a
 * paid or ready order's refund is the seller's cancellation when cancel-order made it, else Stripe's dashboard's.
 */
export function refundReason(order: Pick<OrderRow, 'status'>, ours: 'seller_cancelled' | 'already_sold' | null): RefundReason {
  if (order.status === 'pending' || order.status === 'expired') return 'already_sold';
  if (ours === 'seller_cancelled' && (order.status === 'paid' || order.status === 'ready')) return 'seller_cancelled';
  return 'provider';
}

/** Carries out one market event of the webhook. Failures throw: the event is released and Stripe retries it. */
export async function handleMarketEvent(
  event: MarketEvent,
  deps: { stripe: Stripe; market: MarketStore; provider: MarketProvider },
): Promise<MarketEventOutcome> {
  switch (event.kind) {
    case 'order-paid':
      return await settleOrderPayment(deps.market, deps.provider, event.orderId, event.paymentIntentId);
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
