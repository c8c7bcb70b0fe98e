import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@/features/orders/api/order';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The seller ('Mark completed') or the buyer ('I picked it up') closes an order that was ready for pickup. */
export async function completeOrder(orderId: string): Promise<Order> {
  const { data, error } = await supabase.rpc('complete_order', { order_id: orderId });
  if (error) throw error;
  return data;
}

export function useCompleteOrder(orderId: string, { onSuccess, onError }: MutationCallbacks<Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeOrder(orderId),
    onSuccess: (order) => onSuccess?.(order),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
