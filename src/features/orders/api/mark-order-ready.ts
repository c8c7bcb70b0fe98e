import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@/features/orders/api/order';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The seller says a paid order is ready for pickup (the database refuses any other state or person). */
export async function markOrderReady(orderId: string): Promise<Order> {
  const { data, error } = await supabase.rpc('mark_order_ready', { order_id: orderId });
  if (error) throw error;
  return data;
}

export function useMarkOrderReady(orderId: string, { onSuccess, onError }: MutationCallbacks<Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markOrderReady(orderId),
    onSuccess: (order) => onSuccess?.(order),
    onError: (error) => onError?.(error),
    // Refused or not, the order is read again: the other party may have acted first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
