import type { OrderDetail } from '@/features/orders/api/get-order';
import type { OrderPayment } from '@/features/orders/api/order';
import { formatDate, formatMoney } from '@/lib/format';

/** Why a refund or a payout was made, in the product's words. */
const REASON: Record<string, string> = {
  release: 'collected, all good',
  auto_release: 'no problem reported within 48 hours',
  problem: 'Good Space’s decision on the problem',
  refused: 'refused at pickup',
  seller_cancelled: 'cancelled by the seller',
  buyer_no_show: 'the buyer missed two pickup times',
  seller_no_show: 'the seller missed a pickup time',
};

function statusWord(payment: OrderPayment): string {
  if (payment.status === 'pending') return 'Processing';
  if (payment.status === 'failed') return 'Failed';
  return payment.kind === 'refund' ? 'Refunded' : 'Paid';
}

/**
 * The order's refunds to the buyer and payouts to the seller (public.order_payments, docs/orders.md), oldest first,
 * each with its amount, why and whether it has gone through.
 */
export function OrderPayments({ order }: { order: OrderDetail }) {
  if (order.payments.length === 0) return null;
  return (
    <section aria-labelledby={`payments-${order.id}`} className="space-y-3 rounded-lg border p-4">
      <h2 id={`payments-${order.id}`} className="text-lg font-semibold">
        Refunds and payouts
      </h2>
      <ul className="space-y-2 text-sm" aria-label="Refunds and payouts">
        {order.payments.map((payment) => (
          <li
            key={payment.id}
            className="flex flex-wrap items-baseline justify-between gap-2"
            data-testid="order-payment"
          >
            <span>
              {payment.kind === 'refund' ? `Refund to ${order.buyer_name}` : `Payout to ${order.seller_name}`}
              <span className="text-muted-foreground"> · {REASON[payment.reason] ?? payment.reason}</span>
            </span>
            <span className="flex gap-3">
              <span className="font-medium">{formatMoney(payment.amount)}</span>
              <span>{statusWord(payment)}</span>
              <span className="text-muted-foreground">{formatDate(payment.completed_at ?? payment.created_at)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
