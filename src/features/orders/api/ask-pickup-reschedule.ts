import type { PickupWindow } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/** Either party sets the confirmed pickup time aside so new times can be offered (rpc ask_pickup_reschedule). */
export async function askPickupReschedule(orderId: string): Promise<PickupWindow> {
  const { data, error } = await supabase.rpc('ask_pickup_reschedule', { order_id: orderId });
  if (error) throw error;
  return data;
}

export function useAskPickupReschedule(orderId: string, callbacks: MutationCallbacks<PickupWindow> = {}) {
  return useOrderMutation(orderId, () => askPickupReschedule(orderId), callbacks);
}
