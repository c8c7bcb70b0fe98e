import { admin } from '../designers-fixtures.ts';
import { clientAs, ok } from './api.ts';
import type { TestUser } from './users.ts';

// Good Stuff orders as journeys arrange them through the API (docs/payments.md, "The sandbox"; docs/orders.md):
// the seller's payouts set up and a purchase paid on the sandbox, exactly as the sandbox's pages call them, for the
// journeys that buy through the pages once and need more orders than that.

/** The seller finishes Get paid on the sandbox's page (/sandbox/connect): Buy Now is open on their pieces. */
export async function finishPayouts(seller: TestUser): Promise<void> {
  const api = await clientAs(seller);
  await ok(api.functions.invoke('sandbox-market', { body: { action: 'connect-finish' } }));
}

/** Buy Now and Pay on the sandbox's page, as the buyer's browser would call them; the order's id, paid and held. */
export async function buyInSandbox(buyer: TestUser, pieceId: string): Promise<string> {
  const api = await clientAs(buyer);
  const opened = await ok(api.functions.invoke<{ orderId: string }>('buy-now', { body: { itemId: pieceId } }));
  await ok(api.functions.invoke('sandbox-market', { body: { action: 'order-pay', order: opened.orderId } }));
  return opened.orderId;
}

export type OrderRow = {
  status: string;
  payout: string;
  payment_intent_id: string | null;
  charge_id: string | null;
  refund_reason: string | null;
  released_amount: number;
  refunded_amount: number;
  frozen_at: string | null;
  release_at: string | null;
};

/** What the database holds of an order (the service role reads every column). */
export async function orderRow(orderId: string): Promise<OrderRow> {
  const row = await ok(
    admin
      .from('orders')
      .select(
        'status, payout, payment_intent_id, charge_id, refund_reason, released_amount, refunded_amount, frozen_at, release_at',
      )
      .eq('id', orderId)
      .single(),
  );
  const order = row as unknown as OrderRow;
  return { ...order, released_amount: Number(order.released_amount), refunded_amount: Number(order.refunded_amount) };
}

export type OrderLedgerRow = {
  kind: string;
  amount: number;
  status: string;
  provider_id: string | null;
  reason: string;
};

/** The order's refunds and transfers (public.order_payments), oldest first. */
export async function orderLedger(orderId: string): Promise<OrderLedgerRow[]> {
  const rows = await ok(
    admin
      .from('order_payments')
      .select('kind, amount, status, provider_id, reason')
      .eq('order_id', orderId)
      .order('created_at'),
  );
  return (rows as OrderLedgerRow[]).map((row) => ({ ...row, amount: Number(row.amount) }));
}
