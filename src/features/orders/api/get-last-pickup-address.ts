import { useQuery } from '@tanstack/react-query';
import type { PickupAddress } from '@/features/orders/api/order';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The address (and directions) the seller gave with their latest order, to prefill the next offer of pickup times;
 * null when they never gave one. Row-level security shows a seller the addresses of their own sales.
 */
export async function getLastPickupAddress(sellerId: string): Promise<PickupAddress | null> {
  const { data, error } = await supabase
    .from('order_pickup_addresses')
    .select('address, directions')
    .eq('seller_id', sellerId)
    .order('updated_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function useLastPickupAddress(sellerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.lastPickupAddress(sellerId),
    queryFn: () => getLastPickupAddress(sellerId),
    enabled,
  });
}
