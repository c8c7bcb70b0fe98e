import type { Order } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/**
 * The seller says the buyer has the piece (rpc mark_order_collected): the buyer then has 48 hours to report a
 * problem before the seller is paid.
 */
export async function markOrderCollected(orderId: string): Promise<Order> {
  const { data, error } = await supabase.rpc('mark_order_collected', { order_id: orderId });
  if (error) throw error;
  return data;
}

export function useMarkOrderCollected(orderId: string, callbacks: MutationCallbacks<Order> = {}) {
  return useOrderMutation(orderId, () => markOrderCollected(orderId), callbacks);
}
