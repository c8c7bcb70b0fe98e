import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useActOnSandboxOrder, useSandboxOrder } from '@/features/orders/api/sandbox-order';
import { OrderPhoto } from '@/features/orders/components/order-photo';
import { formatMoney } from '@/lib/format';

type Props = {
  orderId: string;
  /** The sandbox's notice, drawn as every sandbox page draws it (the route passes the component). */
  renderNotice: (notice: string) => ReactNode;
  /** Where the function sends the buyer next (the order's page, or back to the piece). */
  onDone: (url: string) => void;
};

/**
 * /sandbox/pay (docs/payments.md, "The sandbox"): the sandbox's stand-in for Stripe Checkout of one Good Stuff order
 * — the piece, the amount, Pay and Cancel. Paying plays the payment webhook's path, so two buyers racing for one
 * piece meet the same rule.
 */
export function SandboxPayPanel({ orderId, renderNotice, onDone }: Props) {
  const query = useSandboxOrder(orderId);
  const action = useActOnSandboxOrder(orderId, {
    onSuccess: (url) => onDone(url),
    onError: (error) => toast.error(error.message || 'Sandbox payment failed'),
  });
  const busy = action.isPending || action.isSuccess;

  if (query.isPending) return <Spinner size="lg" label="Loading the sandbox payment…" />;
  if (query.isError)
    return (
      <p role="alert" className="rounded-md border border-destructive/50 p-4 font-medium text-destructive">
        {query.error.message || 'This payment cannot be opened.'}
      </p>
    );

  const { notice, order } = query.data;
  const open = order.status === 'pending';
  const expired = order.status === 'expired';
  return (
    <div className="space-y-6">
      {renderNotice(notice)}
      <Card>
        <CardHeader className="flex flex-row items-start gap-4">
          <OrderPhoto url={order.item_photo_url} />
          <div className="space-y-1">
            <CardTitle className="break-words">{order.item_title}</CardTitle>
            <CardDescription>Good Stuff purchase, paid to the seller in full.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-2xl font-semibold" data-testid="sandbox-amount">
              {formatMoney(order.amount)}
            </dd>
          </dl>
          {!open ? (
            <p role="alert" className="mt-4 text-sm font-medium">
              {expired
                ? 'This checkout has expired. Start again from the piece.'
                : 'This checkout is closed. Its order tells what happened.'}
            </p>
          ) : null}
        </CardContent>
        <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={busy || !open}
            onClick={() => action.mutate('order-cancel')}
          >
            Cancel
          </Button>
          <Button
            className="w-full sm:w-auto"
            disabled={busy || expired}
            aria-busy={busy}
            // Once paid (a reload, a second tab), the same call leads to the order's page.
            onClick={() => action.mutate('order-pay')}
          >
            {open || expired ? `Pay ${formatMoney(order.amount)}` : 'View the order'}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
