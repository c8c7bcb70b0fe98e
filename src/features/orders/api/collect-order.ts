import type { Order } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/** "Collected, all good": the buyer has the piece and the seller is paid at once (the `collect-order` function). */
export async function collectOrder(orderId: string): Promise<Order> {
  const data = await invokeFunction<{ order: Order }>('collect-order', { orderId });
  return data.order;
}

export function useCollectOrder(orderId: string, callbacks: MutationCallbacks<Order> = {}) {
  return useOrderMutation(orderId, () => collectOrder(orderId), callbacks);
}
