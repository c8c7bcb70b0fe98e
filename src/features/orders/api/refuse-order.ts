import type { Order } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { ORDER_PHOTOS_BUCKET } from '@/features/orders/utils/order-photos';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';

export type RefuseInput = { reason: string; photos: File[] };

/**
 * "Refuse at pickup": the piece is not as described. The photos go up first, then the `refuse-order` function
 * refunds the buyer in full and returns the piece to its seller, delisted (docs/orders.md). A refusal removes the
 * photos it uploaded.
 */
export async function refuseOrder(orderId: string, { reason, photos }: RefuseInput): Promise<Order> {
  const paths = await uploadPrivatePhotos(ORDER_PHOTOS_BUCKET, orderId, photos);
  try {
    const data = await invokeFunction<{ order: Order }>('refuse-order', { orderId, reason, photos: paths });
    return data.order;
  } catch (error) {
    await removePrivatePhotos(ORDER_PHOTOS_BUCKET, paths);
    throw error;
  }
}

export function useRefuseOrder(orderId: string, callbacks: MutationCallbacks<Order, RefuseInput> = {}) {
  return useOrderMutation(orderId, (input: RefuseInput) => refuseOrder(orderId, input), callbacks);
}
