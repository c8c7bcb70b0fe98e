import { z } from 'zod';
import { splitDecisionSchema, type SplitDecision } from '@/features/admin/utils/split-decision';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { adminKeys } from '@/lib/query-keys';

/**
 * The decision's form (docs/trust-and-safety.md, Disputes): what is refunded to the customer and what is released
 * to the designer, adding up to exactly what remains of the milestone, and a reason both parties read. The database
 * (decide_milestone_dispute) holds the same rules.
 */
export function decideDisputeSchema(remaining: number) {
  return splitDecisionSchema(remaining, {
    refundMissing: 'Enter the refund to the customer ($0 for none)',
    releaseMissing: 'Enter the release to the designer ($0 for none)',
    mustAddUp: 'The refund and the release must add up to',
  });
}

export type DecideDisputeInput = SplitDecision & { disputeId: string };

const answerSchema = z.object({ dispute: z.object({ id: z.string(), status: z.string() }) });

/**
 * Decides a dispute through the edge function decide-dispute, which runs decide_milestone_dispute as the operator
 * (the database checks the operator, the split and the state, moves the milestone, writes the audit log and tells
 * both parties) and then makes the refund and the transfer. Throws FunctionError with the function's sentence.
 */
export async function decideDispute({ disputeId, refundAmount, releaseAmount, reason }: DecideDisputeInput) {
  const answer = await invokeFunction<unknown>('decide-dispute', { disputeId, refundAmount, releaseAmount, reason });
  return answerSchema.parse(answer).dispute;
}

export function useDecideDispute(
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof decideDispute>>, DecideDisputeInput> = {},
) {
  return useRefreshingMutation({
    mutationFn: decideDispute,
    // The dispute, the queue and the audit log all change; a refusal may mean the dispute moved meanwhile.
    refreshes: () => [adminKeys.moderation()],
    refreshOnError: true,
    callbacks,
  });
}
