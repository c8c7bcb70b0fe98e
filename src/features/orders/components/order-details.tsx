import { Loader2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CardContent, CardHeader, CardTitle, Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { OrderDetail } from '@/features/orders/api/get-order';
import { OrderPhoto } from '@/features/orders/components/order-photo';
import { OrderStatusPill } from '@/features/orders/components/order-status-pill';
import { effectiveOrderStatus, orderStatusSentence } from '@/features/orders/utils/order-status';
import { formatMoney } from '@/lib/format';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

type Props = {
  order: OrderDetail;
  viewerId: string;
  /** The buyer just came back from the payment page (`?checkout=done`): a pending order is being confirmed. */
  checkoutDone: boolean;
  /** When the order was last read (its state is judged at that moment). */
  now: number;
};

/**
 * One order (docs/orders.md): the piece, the amount, the other party, the dates, and the status with what it means
 * for the viewer (who is paid when, until when a problem can be reported). The status is a live region: changes
 * arriving live are announced. What the viewer can do is in the sections below (OrderHandover).
 */
export function OrderDetails({ order, viewerId, checkoutDone, now }: Props) {
  const viewer = order.seller_id === viewerId ? 'seller' : 'buyer';
  const status = effectiveOrderStatus(order, now);
  const confirming = checkoutDone && viewer === 'buyer' && order.status === 'pending';
  const other =
    viewer === 'buyer' ? { label: 'Seller', name: order.seller_name } : { label: 'Buyer', name: order.buyer_name };
  const dates: [string, string | null][] = [
    ['Ordered', order.created_at],
    ['Paid', order.paid_at],
    ['Collected', order.handed_over_at],
    ['Refused at pickup', order.refused_at],
    ['Completed', order.completed_at],
    ['Cancelled', order.cancelled_at],
    ['Refunded', order.refunded_at],
  ];

  return (
    <Card>
      <CardHeader className="flex flex-row items-start gap-4">
        <OrderPhoto url={order.item_photo_url} />
        <div className="min-w-0 space-y-1">
          <CardTitle className="text-xl break-words">
            {order.catalog_item_id ? (
              <Link to={paths.piece.getHref(order.catalog_item_id)} className="hover:underline">
                {order.item_title}
              </Link>
            ) : (
              order.item_title
            )}
          </CardTitle>
          <p className="text-2xl font-semibold" data-testid="order-amount">
            {formatMoney(order.amount)}
          </p>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby={`order-status-${order.id}`} className="space-y-2">
          <h3 id={`order-status-${order.id}`} className="text-sm font-semibold">
            Status
          </h3>
          {/* Polite live region: the payment confirmed, collected, refunded… are read out as they arrive. */}
          <div role="status" aria-live="polite" className="space-y-2" data-testid="order-state">
            {confirming ? (
              <p className="flex items-center gap-2">
                <Loader2 aria-hidden="true" className="size-4 animate-spin text-primary" />
                Confirming your payment…
              </p>
            ) : (
              <>
                <OrderStatusPill status={status} />
                <p>
                  {orderStatusSentence({
                    status,
                    amount: order.amount,
                    refundReason: order.refund_reason,
                    payout: order.payout,
                    releaseAt: order.release_at,
                    releasedAmount: order.released_amount,
                    refundedAmount: order.refunded_amount,
                    buyerName: order.buyer_name,
                    sellerName: order.seller_name,
                    viewer,
                  })}
                </p>
              </>
            )}
          </div>
        </section>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <div className="contents">
            <dt className="text-muted-foreground">{other.label}</dt>
            <dd data-testid="order-other-party">{other.name}</dd>
          </div>
          {dates.map(([label, at]) =>
            at ? (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd>{formatWhen(at)}</dd>
              </div>
            ) : null,
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
