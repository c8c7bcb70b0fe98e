import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@/features/orders/api/order';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, orderKeys } from '@/lib/query-keys';

/**
 * The seller cancels a paid order before pickup: the `cancel-order` function refunds the buyer through the payment
 * provider, then the database records it and puts the piece back on the market.
 */
export async function cancelOrder(orderId: string): Promise<Order> {
  const data = await invokeFunction<{ order: Order }>('cancel-order', { orderId });
  return data.order;
}

export function useCancelOrder(orderId: string, { onSuccess, onError }: MutationCallbacks<Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => onSuccess?.(order),
    onError: (error) => onError?.(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: pieceKeys.all }),
      ]),
  });
}
