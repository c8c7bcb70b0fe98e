import { SandboxCard, SandboxPanel } from '@/components/sandbox/sandbox-panel';
import { useSandboxAction } from '@/components/sandbox/use-sandbox-action';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActOnSandboxOrder, useSandboxOrder } from '@/features/orders/api/sandbox-order';
import { OrderPhoto } from '@/features/orders/components/order-photo';
import { formatMoney } from '@/lib/format';

type Props = {
  orderId: string;
  /** Where the function sends the buyer next (the order's page, or back to the piece). */
  onDone: (url: string) => void;
};

/**
 * /sandbox/pay (docs/payments.md, "The sandbox"): the sandbox's stand-in for Stripe Checkout of one Good Stuff order
 * — the piece, the amount, Pay and Cancel. Paying plays the payment webhook's path, so two buyers racing for one
 * piece meet the same rule.
 */
export function SandboxPayPanel({ orderId, onDone }: Props) {
  const query = useSandboxOrder(orderId);
  const { mutate, busy } = useSandboxAction(useActOnSandboxOrder, orderId, onDone, 'Sandbox payment failed');

  return (
    <SandboxPanel query={query} loading="Loading the sandbox payment…" failure="This payment cannot be opened.">
      {({ notice, order }) => {
        const open = order.status === 'pending';
        const expired = order.status === 'expired';
        return (
          <SandboxCard
            notice={notice}
            busy={busy}
            back={{ label: 'Cancel', disabled: busy || !open, onClick: () => mutate('order-cancel') }}
            go={{
              // Once paid (a reload, a second tab), the same call leads to the order's page.
              label: open || expired ? `Pay ${formatMoney(order.amount)}` : 'View the order',
              disabled: busy || expired,
              onClick: () => mutate('order-pay'),
            }}
          >
            <CardHeader className="flex flex-row items-start gap-4">
              <OrderPhoto url={order.item_photo_url} />
              <div className="space-y-1">
                <CardTitle className="break-words">{order.item_title}</CardTitle>
                <CardDescription>Good Stuff purchase, held by Good Space until you collect the piece.</CardDescription>
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
          </SandboxCard>
        );
      }}
    </SandboxPanel>
  );
}
