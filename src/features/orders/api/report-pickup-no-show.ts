import type { PickupWindow } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

/**
 * "They didn't come": a party says the other missed a confirmed pickup time that has ended (rpc
 * report_pickup_no_show; within 7 days). New times can then be offered, and missed times open a refund
 * (docs/orders.md, No-shows).
 */
export async function reportPickupNoShow(windowId: string): Promise<PickupWindow> {
  const { data, error } = await supabase.rpc('report_pickup_no_show', { window_id: windowId });
  if (error) throw error;
  return data;
}

export function useReportPickupNoShow(orderId: string, callbacks: MutationCallbacks<PickupWindow, string> = {}) {
  return useOrderMutation(orderId, reportPickupNoShow, callbacks);
}
