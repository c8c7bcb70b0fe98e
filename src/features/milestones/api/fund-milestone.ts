import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

const answerSchema = z.object({ url: z.string().min(1), provider: z.string().optional(), paymentId: z.string() });

export type FundMilestoneAnswer = z.infer<typeof answerSchema>;

/**
 * Opens the payment page for one milestone (Stripe Checkout, or the sandbox's): the `fund-milestone` function
 * reads the amount from the database (docs/milestones.md). Cancelling brings the customer back to the project.
 */
export async function fundMilestone(projectId: string, milestoneId: string): Promise<FundMilestoneAnswer> {
  const data = await invokeFunction<unknown>('fund-milestone', {
    milestoneId,
    cancelUrl: `${window.location.origin}${paths.project.getHref(projectId)}`,
  });
  const parsed = answerSchema.safeParse(data);
  if (!parsed.success) throw new Error('Failed to open payment page');
  return parsed.data;
}

export function useFundMilestone(
  projectId: string,
  { onSuccess, onError }: MutationCallbacks<FundMilestoneAnswer, string> = {},
) {
  return useMutation({
    mutationFn: (milestoneId: string) => fundMilestone(projectId, milestoneId),
    onSuccess: (answer, milestoneId) => onSuccess?.(answer, milestoneId),
    onError: (error, milestoneId) => onError?.(error, milestoneId),
  });
}
