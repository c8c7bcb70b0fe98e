import type { OrderDetail } from '@/features/orders/api/get-order';
import { HandoverActions } from '@/features/orders/components/handover-actions';
import { OrderPayments } from '@/features/orders/components/order-payments';
import { OrderProblems } from '@/features/orders/components/order-problems';
import { PickupTimes } from '@/features/orders/components/pickup-times';
import { useNow } from '@/features/orders/hooks/use-now';
import { PrivatePhotoGrid } from '@/components/private-photo-grid';
import { ORDER_PHOTOS_BUCKET } from '@/features/orders/utils/order-photos';

/** The buyer's refusal at pickup: why, with their photos. */
function Refusal({ order, viewer }: { order: OrderDetail; viewer: 'buyer' | 'seller' }) {
  if (order.status !== 'refused' || !order.refusal_reason) return null;
  const label = viewer === 'buyer' ? 'Why you refused it' : `Why ${order.buyer_name} refused it`;
  return (
    <section aria-labelledby={`refusal-${order.id}`} className="space-y-2 rounded-lg border p-4 text-sm">
      <h2 id={`refusal-${order.id}`} className="text-lg font-semibold">
        {label}
      </h2>
      <p className="break-words whitespace-pre-line">{order.refusal_reason}</p>
      <PrivatePhotoGrid bucket={ORDER_PHOTOS_BUCKET} paths={order.refusal_photos} label="Photos of the refusal" />
    </section>
  );
}

/**
 * Everything after the payment on an order's page (docs/orders.md): pickup times while it waits for the handover,
 * the handover's buttons, the refusal, problems and chargebacks, and the refunds and payouts. The clock is read
 * every half minute: a time ending or the 48 hours running out change what is offered.
 */
export function OrderHandover({ order, viewerId }: { order: OrderDetail; viewerId: string }) {
  const now = useNow();
  const viewer = order.seller_id === viewerId ? 'seller' : 'buyer';
  if (order.status === 'pending' || order.status === 'expired') return null;
  return (
    <div className="space-y-6">
      {order.status === 'paid' && order.frozen_at === null ? (
        <PickupTimes order={order} viewer={viewer} now={now} />
      ) : null}
      <HandoverActions order={order} viewer={viewer} now={now} />
      <Refusal order={order} viewer={viewer} />
      <OrderProblems order={order} viewer={viewer} now={now} />
      <OrderPayments order={order} />
    </div>
  );
}
