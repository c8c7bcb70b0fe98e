import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { orderKeys, pieceKeys } from '@/lib/query-keys';

/**
 * Every step of an order's handover: once the server answered, the order, the lists of orders and the piece (sold,
 * back on the market, returned) are read again, after a refusal too (the other party may have acted first, or the
 * 48 hours passed).
 */
export function useOrderMutation<TData, TVariables>(
  orderId: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
  callbacks: MutationCallbacks<TData, TVariables>,
) {
  return useRefreshingMutation({
    mutationFn,
    refreshes: () => [
      orderKeys.detail(orderId),
      [...orderKeys.all, 'purchases'],
      [...orderKeys.all, 'sales'],
      pieceKeys.all,
    ],
    refreshOnError: true,
    callbacks,
  });
}
