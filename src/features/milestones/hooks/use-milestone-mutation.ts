import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { milestoneKeys, projectKeys } from '@/lib/query-keys';

/**
 * Every milestone action's hook: once the server answered, the project's milestones and the money elsewhere
 * (earnings, design-fee payments) are read again, after a refusal too (the milestone may have moved meanwhile, e.g.
 * released automatically or disputed by the other party).
 */
export function useMilestoneMutation<TData, TVariables>(
  projectId: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
  callbacks: MutationCallbacks<TData, TVariables>,
) {
  return useRefreshingMutation({
    mutationFn,
    refreshes: () => [projectKeys.milestones(projectId), milestoneKeys.money()],
    refreshOnError: true,
    callbacks,
  });
}
