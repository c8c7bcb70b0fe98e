import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@/features/orders/api/order';
import { invokeFunction } from '@/lib/function-error';
import { pieceKeys, orderKeys } from '@/lib/query-keys';

/**
 * Asks the payment provider whether the buyer's checkout was paid, and has the order settled if it was
 * (`confirm-order`; docs/payments.md, "Back from Checkout").
 */
export async function confirmOrder(orderId: string): Promise<Order> {
  const data = await invokeFunction<{ order: Order }>('confirm-order', { orderId });
  return data.order;
}

/** How often, and how many times (about a minute), a buyer back from the payment page asks. */
const CONFIRM_EVERY_MS = 4000;
const CONFIRM_TRIES = 15;

/**
 * While the buyer, back from the payment page, waits on a pending order: asks at once and then every few seconds for
 * about a minute, in case the provider's webhook is late or lost. The live order (useOrderRealtime) usually shows the
 * payment first; an answer that settled it reads the order, and the piece, again.
 */
export function useConfirmOrder(orderId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orderKeys.confirm(orderId),
    queryFn: async () => {
      const order = await confirmOrder(orderId);
      if (order.status !== 'pending') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
          queryClient.invalidateQueries({ queryKey: pieceKeys.all }),
        ]);
      }
      return order;
    },
    enabled,
    retry: false,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.dataUpdateCount + query.state.errorUpdateCount < CONFIRM_TRIES ? CONFIRM_EVERY_MS : false,
  });
}
