import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

type RefreshingMutationOptions<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The queries the change makes stale, refreshed one after the other once the component has been told. */
  refreshes: (variables: TVariables) => readonly QueryKey[];
  /** Also refresh them after a refusal (the row may have changed under the user meanwhile). */
  refreshOnError?: boolean;
  callbacks: MutationCallbacks<TData, TVariables>;
};

/**
 * The common shape of a feature's mutation hook (docs/decisions/0023-one-home-for-shared-things.md): the
 * component's `onSuccess` runs first, as soon as the server has answered (its toast shows at once), then the
 * queries the change touched are refreshed.
 */
export function useRefreshingMutation<TData, TVariables>({
  mutationFn,
  refreshes,
  refreshOnError = false,
  callbacks: { onSuccess, onError },
}: RefreshingMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const refresh = async (variables: TVariables) => {
    for (const queryKey of refreshes(variables)) await queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn,
    onSuccess: async (data: TData, variables: TVariables) => {
      await onSuccess?.(data, variables);
      await refresh(variables);
    },
    onError: refreshOnError
      ? async (error: Error, variables: TVariables) => {
          await onError?.(error, variables);
          await refresh(variables);
        }
      : onError,
  });
}
