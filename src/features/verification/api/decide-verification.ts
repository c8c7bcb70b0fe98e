import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction } from '@/lib/function-error';
import { designerKeys, verificationKeys } from '@/lib/query-keys';

/** The reason every decision carries (it goes to the audit log and to the designer). */
export const decisionSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason for this decision.')
    .max(1000, 'Keep the reason under 1000 characters.'),
});
export type DecisionValues = z.infer<typeof decisionSchema>;

export type Decision = { requestId: string; approve: boolean; reason: string };

/**
 * The operator's decision through decide-verification: the database decides (as the operator), logs and notifies;
 * the function then removes the request's documents through Storage.
 */
export function decideVerification({ requestId, approve, reason }: Decision) {
  return invokeFunction<{ action_id: string; removed_files: number }>('decide-verification', {
    request_id: requestId,
    approve,
    reason,
  });
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: verificationKeys.queue() });
      await queryClient.invalidateQueries({ queryKey: designerKeys.all });
    },
  });
}
