import type { PickupWindow } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { PickupOffer } from '@/features/orders/utils/pickup-windows';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/**
 * Either party offers one to three pickup times; the seller gives the pickup address with them (rpc
 * offer_pickup_windows: the database checks the times, the address and the order's state again, and tells the
 * other party).
 */
export async function offerPickupWindows(orderId: string, offer: PickupOffer): Promise<PickupWindow[]> {
  const { data, error } = await supabase.rpc('offer_pickup_windows', {
    order_id: orderId,
    windows: offer.windows,
    ...(offer.address !== undefined ? { address: offer.address } : {}),
    ...(offer.directions ? { directions: offer.directions } : {}),
  });
  if (error) throw error;
  return data;
}

export function useOfferPickupWindows(orderId: string, callbacks: MutationCallbacks<PickupWindow[], PickupOffer> = {}) {
  return useOrderMutation(orderId, (offer: PickupOffer) => offerPickupWindows(orderId, offer), callbacks);
}
