import type { Order } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/**
 * "Cancel and refund" before the handover: the seller at any time, the buyer once the seller missed a confirmed
 * pickup time. The `cancel-order` function refunds the buyer in full and the piece goes back on the market.
 */
export async function cancelOrder(orderId: string): Promise<Order> {
  const data = await invokeFunction<{ order: Order }>('cancel-order', { orderId });
  return data.order;
}

export function useCancelOrder(orderId: string, callbacks: MutationCallbacks<Order> = {}) {
  return useOrderMutation(orderId, () => cancelOrder(orderId), callbacks);
}
