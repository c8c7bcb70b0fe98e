import { Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { useCompleteOrder } from '@/features/orders/api/complete-order';
import type { OrderDetail } from '@/features/orders/api/get-order';
import { useMarkOrderReady } from '@/features/orders/api/mark-order-ready';
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

/** The database's words for a refusal, else `fallback` (a network failure has no code). */
function refusal(error: Error, fallback: string): string {
  const { code, status } = error as { code?: unknown; status?: unknown };
  const answered = (typeof code === 'string' && code !== '') || typeof status === 'number';
  return answered && error.message ? error.message : fallback;
}

/**
 * One order (docs/product.md, Orders): the piece, the amount, the other party, the dates, the status with what it
 * means, and what the viewer can do now — the seller: Mark ready for pickup, Mark completed, Cancel and refund
 * (asked first); the buyer: I picked it up. The status is a live region: changes arriving live are announced.
 */
export function OrderDetails({ order, viewerId, checkoutDone, now }: Props) {
  const [asking, setAsking] = useState(false);
  const viewer = order.seller_id === viewerId ? 'seller' : 'buyer';
  const status = effectiveOrderStatus(order, now);
  const ready = useMarkOrderReady(order.id, {
    onSuccess: () => toast.success('Marked ready for pickup. The buyer is told.'),
    onError: (error) => toast.error(refusal(error, 'Failed to update the order')),
  });
  const complete = useCompleteOrder(order.id, {
    onSuccess: () => toast.success('Order completed'),
    onError: (error) => toast.error(refusal(error, 'Failed to update the order')),
  });
  const cancel = useCancelOrder(order.id, {
    onSuccess: () => {
      setAsking(false);
      toast.success('Order cancelled. The buyer is refunded.');
    },
    onError: (error) => toast.error(refusal(error, 'Failed to cancel the order')),
  });
  const busy = ready.isPending || complete.isPending || cancel.isPending;
  const confirming = checkoutDone && viewer === 'buyer' && order.status === 'pending';

  const other =
    viewer === 'buyer' ? { label: 'Seller', name: order.seller_name } : { label: 'Buyer', name: order.buyer_name };
  const dates: [string, string | null][] = [
    ['Ordered', order.created_at],
    ['Paid', order.paid_at],
    ['Ready for pickup', order.ready_at],
    ['Completed', order.completed_at],
    ['Cancelled', order.cancelled_at],
    ['Refunded', order.refunded_at],
  ];

  let actions: ReactNode = null;
  if (viewer === 'seller' && (status === 'paid' || status === 'ready')) {
    actions = (
      <>
        {status === 'paid' ? (
          <Button disabled={busy} aria-busy={ready.isPending} onClick={() => ready.mutate()}>
            Mark ready for pickup
          </Button>
        ) : (
          <Button disabled={busy} aria-busy={complete.isPending} onClick={() => complete.mutate()}>
            Mark completed
          </Button>
        )}
        <Button variant="outline" disabled={busy} onClick={() => setAsking(true)}>
          Cancel and refund
        </Button>
      </>
    );
  } else if (viewer === 'buyer' && status === 'ready') {
    actions = (
      <Button disabled={busy} aria-busy={complete.isPending} onClick={() => complete.mutate()}>
        I picked it up
      </Button>
    );
  }

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
          {/* Polite live region: the payment confirmed, ready for pickup, completed… are read out as they arrive. */}
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
                  {orderStatusSentence({ status, amount: order.amount, refundReason: order.refund_reason, viewer })}
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
      {actions ? (
        <CardFooter className="flex flex-wrap gap-2" role="group" aria-label="Order actions">
          {actions}
        </CardFooter>
      ) : null}
      <FormDialog
        open={asking}
        onOpenChange={setAsking}
        title={<>Cancel this order and refund {formatMoney(order.amount)}?</>}
        description={
          <>
            {order.buyer_name} gets their whole payment back and “{order.item_title}” goes back on Good Stuff. This
            cannot be undone.
          </>
        }
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate();
        }}
        submitLabel="Cancel and refund"
        pendingLabel="Cancel and refund"
        pending={cancel.isPending}
        submitVariant="destructive"
        cancelLabel="Keep the order"
      />
    </Card>
  );
}
