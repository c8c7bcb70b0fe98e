import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Milestone } from '@/features/milestones/utils/milestone-state';
import { invokeFunction } from '@/lib/function-error';
import { milestoneKeys, projectKeys } from '@/lib/query-keys';

/**
 * Asks the payment provider whether the customer's checkout for a milestone was paid, and has it settled if it was
 * (`confirm-milestone`; docs/milestones.md, "Back from Checkout").
 */
export async function confirmMilestone(paymentId: string): Promise<Milestone> {
  const data = await invokeFunction<{ milestone: Milestone }>('confirm-milestone', { paymentId });
  return data.milestone;
}

/** How often, and how many times (about a minute), a customer back from the payment page asks. */
const CONFIRM_EVERY_MS = 4000;
const CONFIRM_TRIES = 15;

/**
 * While the customer, back from the payment page, waits on the funding: asks at once and then every few seconds for
 * about a minute, in case the provider's webhook is late or lost (as useConfirmOrder does for orders). The live
 * milestones (useMilestonesRealtime) usually show the funding first; it stops asking once the milestone is funded,
 * and an answer that funded it reads the milestones again.
 */
export function useConfirmMilestone(projectId: string, paymentId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: milestoneKeys.confirm(paymentId),
    queryFn: async () => {
      const milestone = await confirmMilestone(paymentId);
      if (milestone.status !== 'not_funded') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: projectKeys.milestones(projectId) }),
          queryClient.invalidateQueries({ queryKey: milestoneKeys.money() }),
        ]);
      }
      return milestone;
    },
    enabled,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.status !== undefined && query.state.data.status !== 'not_funded'
        ? false
        : query.state.dataUpdateCount + query.state.errorUpdateCount < CONFIRM_TRIES
          ? CONFIRM_EVERY_MS
          : false,
  });
}
