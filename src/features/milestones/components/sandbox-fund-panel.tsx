import { SandboxCard, SandboxPanel } from '@/components/sandbox/sandbox-panel';
import { useSandboxAction } from '@/components/sandbox/use-sandbox-action';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActOnSandboxMilestone, useSandboxMilestonePayment } from '@/features/milestones/api/sandbox-milestone';
import { formatMoney } from '@/lib/format';

type Props = {
  paymentId: string;
  /** Where the function sends the customer next (the project, with `?funded=` after paying). */
  onDone: (url: string) => void;
};

/**
 * /sandbox/fund (docs/milestones.md): the sandbox's stand-in for Stripe Checkout of one milestone — the project,
 * the milestone, the designer, the amount, Pay and Cancel. Paying plays the payment webhook's path.
 */
export function SandboxFundPanel({ paymentId, onDone }: Props) {
  const query = useSandboxMilestonePayment(paymentId);
  const { mutate, busy } = useSandboxAction(useActOnSandboxMilestone, paymentId, onDone, 'Sandbox payment failed');

  return (
    <SandboxPanel query={query} loading="Loading the sandbox payment…" failure="This payment cannot be opened.">
      {({ notice, payment }) => {
        const open = payment.status === 'pending';
        const expired = payment.status === 'expired';
        return (
          <SandboxCard
            notice={notice}
            busy={busy}
            back={{ label: 'Cancel', disabled: busy || !open, onClick: () => mutate('cancel') }}
            go={{
              // Once paid (a reload, a second tab), the same call leads back to the project.
              label: open || expired ? `Pay ${formatMoney(payment.amount)}` : 'Back to the project',
              disabled: busy || expired,
              onClick: () => mutate('pay'),
            }}
          >
            <CardHeader>
              <CardTitle className="break-words">{payment.milestone_title}</CardTitle>
              <CardDescription className="break-words">
                {payment.project_title}: design fee
                {payment.designer_name ? ` for ${payment.designer_name}` : ''}, held by Good Space until you release it.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="text-2xl font-semibold" data-testid="sandbox-amount">
                  {formatMoney(payment.amount)}
                </dd>
              </dl>
              {!open ? (
                <p role="alert" className="mt-4 text-sm font-medium">
                  {expired
                    ? 'This checkout has expired. Fund the milestone again from the project.'
                    : 'This checkout is closed. The project shows its milestone.'}
                </p>
              ) : null}
            </CardContent>
          </SandboxCard>
        );
      }}
    </SandboxPanel>
  );
}
