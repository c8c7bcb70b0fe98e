import { toast } from 'sonner';
import { decideDisputeSchema, useDecideDispute } from '@/features/admin/api/decide-dispute';
import { SplitDecisionForm } from '@/features/admin/components/split-decision-form';

type Props = {
  disputeId: string;
  /** What is left of the milestone to split (amount - refunded - released). */
  remaining: number;
  customerName: string;
  designerName: string;
};

/**
 * The operator's decision on a dispute (docs/trust-and-safety.md, Disputes): a refund to the customer and a release
 * to the designer that add up to what remains, and a reason both parties read. Sent to decide-dispute; its refusal
 * shows in the function's sentence.
 */
export function DecideDisputeForm({ disputeId, remaining, customerName, designerName }: Props) {
  const decide = useDecideDispute({
    onSuccess: () => toast.success('Dispute decided. Both parties are told.'),
  });
  return (
    <SplitDecisionForm
      total={remaining}
      schema={decideDisputeSchema(remaining)}
      words={{
        refundLabel: 'Refund to the customer',
        refundHint: `Back to ${customerName}'s card.`,
        releaseLabel: 'Release to the designer',
        releaseHint: `Paid out to ${designerName}.`,
        allToRefund: 'All to the customer',
        allToRelease: 'All to the designer',
      }}
      pending={decide.isPending}
      serverError={decide.error?.message}
      onDecide={(values) => {
        decide.reset();
        decide.mutate({ disputeId, ...values });
      }}
    />
  );
}
