import type { PickupWindow } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';

export type ConfirmWindowInput = { windowId: string; address?: string; directions?: string | null };

/**
 * The party who did not offer the times confirms one (rpc confirm_pickup_window); a seller with no address on the
 * order gives it now. The other offered times fall away.
 */
export async function confirmPickupWindow({
  windowId,
  address,
  directions,
}: ConfirmWindowInput): Promise<PickupWindow> {
  const { data, error } = await supabase.rpc('confirm_pickup_window', {
    window_id: windowId,
    ...(address !== undefined ? { address } : {}),
    ...(directions ? { directions } : {}),
  });
  if (error) throw error;
  return data;
}

export function useConfirmPickupWindow(
  orderId: string,
  callbacks: MutationCallbacks<PickupWindow, ConfirmWindowInput> = {},
) {
  return useOrderMutation(orderId, confirmPickupWindow, callbacks);
}
