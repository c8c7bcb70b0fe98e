import type { Milestone } from '@/features/milestones/utils/milestone-state';
import { useMilestoneMutation } from '@/features/milestones/hooks/use-milestone-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

export type RefundMilestoneInput = {
  milestoneId: string;
  /** Dollars with cents, at most what is held (the database checks it). */
  amount: number;
  /** `cancel_agreed`: the designer agrees to the customer's request to cancel (the whole held amount). */
  reason: 'designer_refund' | 'cancel_agreed';
};

/** The designer refunds a milestone to the customer, whole or in part (`refund-milestone`). */
export async function refundMilestone({ milestoneId, amount, reason }: RefundMilestoneInput): Promise<Milestone> {
  const data = await invokeFunction<{ milestone: Milestone }>('refund-milestone', { milestoneId, amount, reason });
  return data.milestone;
}

export function useRefundMilestone(
  projectId: string,
  callbacks: MutationCallbacks<Milestone, RefundMilestoneInput> = {},
) {
  return useMilestoneMutation(projectId, refundMilestone, callbacks);
}
