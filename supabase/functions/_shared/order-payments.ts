import { carryOutLedgerRow, type SettleResult } from './ledger.ts';
import type { MarketStore, OrderPaymentRow, OrderRow, OrderSettlement } from './market-store.ts';
import type { MarketProvider } from './provider.ts';

// The money of held Good Stuff orders (docs/payments.md, "Good Stuff orders and seller payouts"): the database
// decides (collect, refuse, cancel, an operator's decision, the 48 hours passing) and makes a pending row of
// public.order_payments for every refund and transfer; these carry the rows out at the provider, as the design
// fee's are (ledger.ts). A failure between the two leaves the row pending: settle-orders retries it with the same
// idempotency key (the row's id), so the money moves once.

/** A ledger row just made by a database step, with what the provider needs: the order's charge and the seller's account. */
export async function orderSettlementOf(
  market: MarketStore,
  row: OrderPaymentRow,
  order: Pick<OrderRow, 'seller_id' | 'payout' | 'payment_intent_id' | 'charge_id'>,
): Promise<OrderSettlement> {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    provider: row.provider,
    reason: row.reason,
    order_id: row.order_id,
    payout: order.payout,
    payment_intent_id: order.payment_intent_id,
    charge_id: order.charge_id,
    destination: row.kind === 'transfer' ? await market.payableAccount(order.seller_id, row.provider) : null,
  };
}

/**
 * Carries out one pending refund or transfer of an order. Stripe: a transfer out of the order's charge
 * (source_transaction) in the order's transfer group; a refund of part or all of the payment intent, with
 * reverse_transfer only for a legacy destination charge (whose seller already has the money). A legacy order
 * never has a payout row (the database makes none): should one appear, it is not paid twice.
 */
export async function carryOutOrderPayment(
  market: MarketStore,
  provider: MarketProvider,
  s: OrderSettlement,
): Promise<SettleResult> {
  if (s.kind === 'transfer' && s.payout === 'destination') {
    await market.paymentNote(s.id, 'destination_charge: the seller was paid with the charge itself');
    return 'waiting';
  }
  const move = (x: OrderSettlement) => ({ paymentId: x.id, orderId: x.order_id, amount: x.amount, reason: x.reason });
  const book = {
    succeeded: (id: string, providerId: string) => market.paymentSucceeded(id, providerId),
    note: (id: string, note: string) => market.paymentNote(id, note),
  };
  return await carryOutLedgerRow('orders', book, provider.kind, s, {
    transfer: (x, destination) => provider.transferOrder({ ...move(x), destination, sourceTransaction: x.charge_id }),
    refund: (x, paymentIntentId) =>
      provider.refundOrder({ ...move(x), paymentIntentId, reverseTransfer: x.payout === 'destination' }),
  });
}

/** Carries out the rows a database step just made (a collect's payout, a refusal's refund, a decision's both). */
export async function carryOutOrderRows(
  market: MarketStore,
  provider: MarketProvider,
  rows: (OrderPaymentRow | null | undefined)[],
): Promise<void> {
  for (const row of rows) {
    if (!row || row.status !== 'pending') continue;
    const order = await market.order(row.order_id);
    if (!order) continue;
    // A chargeback froze the order between the step and now: nothing moves until the bank decides.
    if (order.frozen_at) continue;
    await carryOutOrderPayment(market, provider, await orderSettlementOf(market, row, order));
  }
}
