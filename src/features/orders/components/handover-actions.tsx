import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { useCollectOrder } from '@/features/orders/api/collect-order';
import type { OrderDetail } from '@/features/orders/api/get-order';
import { useMarkOrderCollected } from '@/features/orders/api/mark-order-collected';
import { useRefuseOrder } from '@/features/orders/api/refuse-order';
import { useReportOrderProblem } from '@/features/orders/api/report-order-problem';
import { OrderConfirmDialog, OrderNoteDialog } from '@/features/orders/components/order-dialogs';
import { orderReasonSchema } from '@/features/orders/utils/order-photos';
import { formatDeadline } from '@/features/orders/utils/pickup-windows';
import { formatMoney } from '@/lib/format';
import { refusalMessage } from '@/lib/refusal-message';

type Props = { order: OrderDetail; viewer: 'buyer' | 'seller'; now: number };
type Asking = 'collect' | 'refuse' | 'mark' | 'cancel' | 'problem' | null;

/** What the order's money is now: the part Good Space still holds for it. */
function heldOf(order: OrderDetail): number {
  return Math.max(0, order.amount - order.refunded_amount - order.released_amount);
}

/**
 * The handover (docs/orders.md). Paid: the buyer's "Collected, all good" (the seller is paid at once) and "Refuse at
 * pickup" (reason and photos; refunded in full); the seller's "Mark as collected" and "Cancel and refund"; the
 * buyer's "Cancel and refund" once the seller missed a confirmed time. Collected: the buyer's "Collected, all good"
 * and "Report a problem" until release_at. Nothing while a chargeback froze the payment.
 */
export function HandoverActions({ order, viewer, now }: Props) {
  const [asking, setAsking] = useState<Asking>(null);
  const close = () => setAsking(null);
  const seller = viewer === 'seller';
  const otherName = seller ? order.buyer_name : order.seller_name;
  const collect = useCollectOrder(order.id, {
    onSuccess: () => {
      close();
      toast.success(`Thanks! ${order.seller_name} is paid.`);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to confirm the pickup')),
  });
  const refuse = useRefuseOrder(order.id, {
    onSuccess: () => {
      close();
      toast.success('Refused at pickup. Your payment is refunded.');
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to refuse the piece')),
  });
  const mark = useMarkOrderCollected(order.id, {
    onSuccess: () => {
      close();
      toast.success(`Marked as collected. ${order.buyer_name} is told.`);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to mark the order collected')),
  });
  const cancel = useCancelOrder(order.id, {
    onSuccess: () => {
      close();
      toast.success(seller ? 'Order cancelled. The buyer is refunded.' : 'Order cancelled. Your payment is refunded.');
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to cancel the order')),
  });
  const problem = useReportOrderProblem(order.id, {
    onSuccess: () => {
      close();
      toast.success('Problem reported. Good Space holds the payment and will decide.');
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to report the problem')),
  });
  const busy = collect.isPending || refuse.isPending || mark.isPending || cancel.isPending || problem.isPending;
  if (order.frozen_at !== null) return null;

  const status = order.status;
  const sellerMissed = order.windows.some((w) => w.status === 'missed' && w.missed_by === 'seller');
  const mayReport = status === 'collected' && order.release_at !== null && now < Date.parse(order.release_at);
  const amount = formatMoney(order.amount);
  const actions: ReactNode[] = [];
  let note: string | null = null;
  if (viewer === 'buyer' && (status === 'paid' || status === 'collected')) {
    actions.push(
      <Button key="collect" disabled={busy} onClick={() => setAsking('collect')}>
        Collected, all good
      </Button>,
    );
    if (status === 'paid') {
      actions.push(
        <Button key="refuse" variant="outline" disabled={busy} onClick={() => setAsking('refuse')}>
          Refuse at pickup
        </Button>,
      );
      if (sellerMissed) {
        actions.push(
          <Button key="cancel" variant="outline" disabled={busy} onClick={() => setAsking('cancel')}>
            Cancel and refund
          </Button>,
        );
      }
    }
    if (mayReport) {
      actions.push(
        <Button key="problem" variant="outline" disabled={busy} onClick={() => setAsking('problem')}>
          Report a problem
        </Button>,
      );
      note = `You have until ${formatDeadline(order.release_at!)} to report a problem.`;
    }
  } else if (seller && status === 'paid') {
    actions.push(
      <Button key="mark" disabled={busy} onClick={() => setAsking('mark')}>
        Mark as collected
      </Button>,
      <Button key="cancel" variant="outline" disabled={busy} onClick={() => setAsking('cancel')}>
        Cancel and refund
      </Button>,
    );
  }
  if (actions.length === 0) return null;

  return (
    <section aria-labelledby={`handover-${order.id}`} className="space-y-3 rounded-lg border p-4">
      <h2 id={`handover-${order.id}`} className="text-lg font-semibold">
        Handover
      </h2>
      {note ? <p className="text-sm">{note}</p> : null}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Order actions">
        {actions}
      </div>
      <OrderConfirmDialog
        open={asking === 'collect'}
        onOpenChange={(open) => setAsking(open ? 'collect' : null)}
        pending={collect.isPending}
        title="Collected, all good?"
        description={`${order.seller_name} is paid ${formatMoney(heldOf(order))} at once. Confirm only once you have the piece and it is as described: you cannot report a problem afterwards.`}
        submitLabel="Collected, all good"
        pendingLabel="Confirming…"
        cancelLabel="Not yet"
        onConfirm={() => collect.mutate()}
      />
      <OrderConfirmDialog
        open={asking === 'mark'}
        onOpenChange={(open) => setAsking(open ? 'mark' : null)}
        pending={mark.isPending}
        title="Mark as collected?"
        description={`Only once ${order.buyer_name} has the piece. They then have 48 hours to report a problem; you are paid after that, or as soon as they confirm.`}
        submitLabel="Mark as collected"
        pendingLabel="Marking…"
        cancelLabel="Not yet"
        onConfirm={() => mark.mutate()}
      />
      <OrderConfirmDialog
        open={asking === 'cancel'}
        onOpenChange={(open) => setAsking(open ? 'cancel' : null)}
        pending={cancel.isPending}
        title={<>Cancel this order and refund {amount}?</>}
        description={
          seller
            ? `${order.buyer_name} gets their whole payment back and “${order.item_title}” goes back on Good Stuff. This cannot be undone.`
            : `You get your whole payment of ${amount} back and ${otherName} is told. This cannot be undone.`
        }
        submitLabel="Cancel and refund"
        pendingLabel="Cancelling…"
        cancelLabel="Keep the order"
        destructive
        onConfirm={() => cancel.mutate()}
      />
      {asking === 'refuse' ? (
        <OrderNoteDialog
          open
          onOpenChange={(open) => setAsking(open ? 'refuse' : null)}
          pending={refuse.isPending}
          title="Refuse at pickup"
          description={`Refuse the piece only if it is not as described. You get your whole payment of ${amount} back and ${order.seller_name} keeps the piece.`}
          label="What is wrong with it"
          textSchema={orderReasonSchema('Say why you refuse the piece')}
          submitLabel="Refuse and refund"
          pendingLabel="Refusing…"
          destructive
          onSubmit={(values) => refuse.mutate({ reason: values.text, photos: values.photos })}
        />
      ) : null}
      {asking === 'problem' ? (
        <OrderNoteDialog
          open
          onOpenChange={(open) => setAsking(open ? 'problem' : null)}
          pending={problem.isPending}
          title="Report a problem"
          description={`Good Space holds the payment, reads both sides and decides how it is split. ${order.seller_name} can add a statement.`}
          label="What is the problem"
          textSchema={orderReasonSchema('Say what the problem is')}
          submitLabel="Report the problem"
          pendingLabel="Reporting…"
          onSubmit={(values) => problem.mutate({ reason: values.text, photos: values.photos })}
        />
      ) : null}
    </section>
  );
}
