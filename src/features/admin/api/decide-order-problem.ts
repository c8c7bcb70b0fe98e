import { z } from 'zod';
import { splitDecisionSchema, type SplitDecision } from '@/features/admin/utils/split-decision';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { adminKeys } from '@/lib/query-keys';

/**
 * The decision on an order's problem (docs/orders.md, Problems): what is refunded to the buyer and what is paid to
 * the seller, each $0 or more, adding up to exactly what Good Space holds of the order, and a reason of 1 to 1000
 * characters both parties read. The database (decide_order_problem) holds the same rules.
 */
export function decideOrderProblemSchema(held: number) {
  return splitDecisionSchema(held, {
    refundMissing: 'Enter the refund to the buyer ($0 for none)',
    releaseMissing: 'Enter the payout to the seller ($0 for none)',
    mustAddUp: 'The refund and the payout must add up to',
  });
}

export type DecideOrderProblemInput = SplitDecision & { problemId: string };

const answerSchema = z.object({
  problem: z.object({ id: z.string(), status: z.string() }),
  order: z.object({ id: z.string(), status: z.string() }),
});

/**
 * Decides a problem through the edge function decide-order-problem, which runs decide_order_problem as the operator
 * (the database checks the operator, the split and the state, moves the order, writes the audit log and tells both
 * parties) and then makes the refund and the payout. Throws FunctionError with the function's sentence.
 */
export async function decideOrderProblem({ problemId, refundAmount, releaseAmount, reason }: DecideOrderProblemInput) {
  const answer = await invokeFunction<unknown>('decide-order-problem', {
    problemId,
    refundAmount,
    releaseAmount,
    reason,
  });
  return answerSchema.parse(answer);
}

export function useDecideOrderProblem(
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof decideOrderProblem>>, DecideOrderProblemInput> = {},
) {
  return useRefreshingMutation({
    mutationFn: decideOrderProblem,
    // The problem, the queue and the audit log all change; a refusal may mean the order moved meanwhile.
    refreshes: () => [adminKeys.moderation()],
    refreshOnError: true,
    callbacks,
  });
}
