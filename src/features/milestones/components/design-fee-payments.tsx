import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useDesignFeePayments } from '@/features/milestones/api/get-design-fee-payments';
import { PaymentReceipt } from '@/features/milestones/components/payment-receipt';
import { paymentKindLabel } from '@/features/milestones/utils/payment-kind';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * The customer's design-fee payments and refunds on Orders (docs/milestones.md), each with its receipt and a link
 * to its project's milestones.
 */
export function DesignFeePayments({ customerId }: { customerId: string }) {
  const payments = useDesignFeePayments(customerId);
  return (
    <section aria-labelledby="design-fees-title" className="space-y-3">
      <h2 id="design-fees-title" className="text-lg font-semibold">
        Design fees
      </h2>
      <QueryState query={payments} loading="Loading design fees…" failed="Failed to load design fees" toast={false}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">Payments for your designers’ milestones show here.</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {list.map((payment) => {
                const milestoneTitle = payment.milestone.title;
                const projectTitle = payment.milestone.project?.title ?? 'Project';
                return (
                  <li
                    key={payment.id}
                    className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-medium">
                        {paymentKindLabel(payment.kind)} · {formatMoney(payment.amount)}
                      </p>
                      <p className="break-words text-muted-foreground">
                        <Link className="underline" to={`${paths.project.getHref(payment.project_id)}#milestones`}>
                          {projectTitle}
                        </Link>
                        : {milestoneTitle} · {formatDate(payment.completed_at ?? payment.created_at)}
                      </p>
                    </div>
                    <PaymentReceipt payment={payment} milestoneTitle={milestoneTitle} projectTitle={projectTitle} />
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
