import { toast } from 'sonner';
import { decideOrderProblemSchema, useDecideOrderProblem } from '@/features/admin/api/decide-order-problem';
import { SplitDecisionForm } from '@/features/admin/components/split-decision-form';

type Props = {
  problemId: string;
  /** What Good Space holds of the order (amount - refunded - released). */
  held: number;
  buyerName: string;
  sellerName: string;
};

/**
 * The operator's decision on an order's problem (docs/orders.md, Problems): a refund to the buyer and a payout to the
 * seller that add up to what is held, and a reason both parties read. Sent to decide-order-problem; its refusal
 * shows in the function's sentence.
 */
export function DecideOrderProblemForm({ problemId, held, buyerName, sellerName }: Props) {
  const decide = useDecideOrderProblem({
    onSuccess: () => toast.success('Problem decided. Both parties are told.'),
  });
  return (
    <SplitDecisionForm
      total={held}
      schema={decideOrderProblemSchema(held)}
      words={{
        refundLabel: 'Refund to the buyer',
        refundHint: `Back to ${buyerName}'s card.`,
        releaseLabel: 'Pay the seller',
        releaseHint: `Paid out to ${sellerName}.`,
        allToRefund: 'All to the buyer',
        allToRelease: 'All to the seller',
      }}
      pending={decide.isPending}
      serverError={decide.error?.message}
      onDecide={(values) => {
        decide.reset();
        decide.mutate({ problemId, ...values });
      }}
    />
  );
}
