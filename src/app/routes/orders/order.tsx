import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { ContactEmail } from '@/features/account/components/contact-email';
import { PickupConversation } from '@/app/routes/orders/order-pickup-conversation';
import { useConfirmOrder } from '@/features/orders/api/confirm-order';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderDetails } from '@/features/orders/components/order-details';
import { OrderHandover } from '@/features/orders/components/order-handover';
import { useOrderRealtime } from '@/features/orders/hooks/use-order-realtime';

/** Statuses in which the two parties of an order may reach each other by e-mail (contact_email). */
const PAID = new Set(['paid', 'collected', 'disputed', 'completed']);

/**
 * /orders/:orderId (docs/orders.md): the order for its buyer and its seller, live (the payment confirmed, pickup
 * times, the handover, refunds and payouts, problems arrive as they happen), with the pickup conversation below. A buyer back from the
 * payment page also asks the provider until the payment is confirmed (useConfirmOrder).
 */
export function Component() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const auth = useAuth();
  const viewerId = auth.user?.id ?? '';
  const order = useOrder(orderId);
  const checkoutDone = params.get('checkout') === 'done';
  useOrderRealtime(orderId, { enabled: order.data != null });
  // Back from the payment page with the payment not confirmed yet: ask the provider too, not only its webhook.
  useConfirmOrder(orderId, {
    enabled: checkoutDone && order.data?.status === 'pending' && order.data.buyer_id === viewerId,
  });
  return (
    <QueryState query={order} loading="Loading order…" failed="Failed to load this order">
      {(found) =>
        found ? (
          <Page title={found.seller_id === viewerId ? 'Your sale' : 'Your order'} className="max-w-3xl">
            <div className="space-y-8">
              <OrderDetails order={found} viewerId={viewerId} checkoutDone={checkoutDone} now={order.dataUpdatedAt} />
              <OrderHandover order={found} viewerId={viewerId} />
              {PAID.has(found.status) ? (
                // The other party's address once the order is paid (docs/decisions/0030-safe-by-default.md).
                <ContactEmail
                  userId={found.buyer_id === viewerId ? found.seller_id : found.buyer_id}
                  name={found.buyer_id === viewerId ? found.seller_name : found.buyer_name}
                />
              ) : null}
              {found.catalog_item_id && found.buyer_id && found.status !== 'pending' && found.status !== 'expired' ? (
                <PickupConversation order={found} viewerId={viewerId} />
              ) : null}
            </div>
          </Page>
        ) : (
          <Page title="Order not found" description="It may belong to someone else, or the link is incomplete.">
            <Button asChild variant="outline">
              <Link to={paths.orders.getHref()}>Your orders</Link>
            </Button>
          </Page>
        )
      }
    </QueryState>
  );
}
