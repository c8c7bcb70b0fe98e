import type { Milestone, MilestonePayment } from '@/features/milestones/utils/milestone-state';
import { PaymentReceipt } from '@/features/milestones/components/payment-receipt';
import { paymentKindLabel } from '@/features/milestones/utils/payment-kind';
import { formatDate, formatMoney } from '@/lib/format';

const STATUS: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Done',
  failed: 'Failed',
  expired: 'Not paid',
};

/**
 * The project's design-fee ledger (docs/milestones.md): payments in, refunds back and payouts to the designer,
 * each with its state; the customer has a receipt for each payment and refund that went through. Checkouts that
 * were never paid are left out.
 */
export function MilestonePaymentsList({
  payments,
  milestones,
  projectTitle,
  viewer,
}: {
  payments: readonly MilestonePayment[];
  milestones: readonly Milestone[];
  projectTitle: string;
  viewer: 'customer' | 'designer';
}) {
  const shown = payments.filter((payment) => !(payment.kind === 'charge' && payment.status !== 'succeeded'));
  const titleOf = (milestoneId: string) => milestones.find((m) => m.id === milestoneId)?.title ?? 'Milestone';
  return (
    <section aria-labelledby="milestone-payments-title" className="space-y-2">
      <h3 id="milestone-payments-title" className="font-semibold">
        Payments
      </h3>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {shown.map((payment) => (
            <li
              key={payment.id}
              className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              data-testid="milestone-payment"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {paymentKindLabel(payment.kind)} · {formatMoney(payment.amount)}
                </p>
                <p className="break-words text-muted-foreground">
                  {titleOf(payment.milestone_id)} · {formatDate(payment.completed_at ?? payment.created_at)} ·{' '}
                  {STATUS[payment.status] ?? payment.status}
                  {payment.kind === 'transfer' && payment.status === 'pending'
                    ? ' (waiting for the designer’s Get paid setup or the bank)'
                    : ''}
                </p>
              </div>
              {viewer === 'customer' && payment.kind !== 'transfer' && payment.status === 'succeeded' ? (
                <PaymentReceipt
                  payment={payment}
                  milestoneTitle={titleOf(payment.milestone_id)}
                  projectTitle={projectTitle}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
