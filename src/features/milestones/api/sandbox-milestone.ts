import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeForPage, invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { milestoneKeys, projectKeys } from '@/lib/query-keys';

/** The `sandbox-milestone` function's `get` answer (docs/milestones.md): the customer's own pending funding. */
const sandboxPaymentSchema = z.object({
  sandbox: z.literal(true),
  notice: z.string(),
  payment: z.object({
    id: z.string(),
    status: z.string(),
    amount: z.coerce.number(),
    currency: z.string(),
    milestone_title: z.string(),
    project_title: z.string(),
    designer_name: z.string().nullable(),
    project_id: z.string(),
  }),
});

export type SandboxMilestonePayment = z.infer<typeof sandboxPaymentSchema>;

export async function getSandboxMilestonePayment(paymentId: string): Promise<SandboxMilestonePayment> {
  const data = await invokeFunction<unknown>('sandbox-milestone', { action: 'get', payment: paymentId });
  return sandboxPaymentSchema.parse(data);
}

export function getSandboxMilestonePaymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: milestoneKeys.sandbox(paymentId),
    queryFn: () => getSandboxMilestonePayment(paymentId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSandboxMilestonePayment(paymentId: string) {
  return useQuery(getSandboxMilestonePaymentQueryOptions(paymentId));
}

export type SandboxMilestoneAction = 'pay' | 'cancel';

/** Pay (plays the payment webhook's path) or cancel (the checkout expires): the answer is where to go next. */
export async function actOnSandboxMilestone(paymentId: string, action: SandboxMilestoneAction): Promise<string> {
  return invokeForPage('sandbox-milestone', { action, payment: paymentId });
}

export function useActOnSandboxMilestone(
  paymentId: string,
  { onSuccess, onError }: MutationCallbacks<string, SandboxMilestoneAction> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxMilestoneAction) => actOnSandboxMilestone(paymentId, action),
    onSuccess: async (url, action) => {
      // The milestones just changed: stale before the customer moves on (nothing refetched here).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: milestoneKeys.all, refetchType: 'none' }),
      ]);
      await onSuccess?.(url, action);
    },
    onError,
  });
}
