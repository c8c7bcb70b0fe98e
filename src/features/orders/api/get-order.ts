import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_COLUMNS, type Order } from '@/features/orders/api/order';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

export type OrderDetail = Order & { buyer_name: string; seller_name: string };

/**
 * Names of an order's parties: the seller's public designer name; the buyer's from the profile the viewer may read
 * (their own, or one the policies open to the other party), else a neutral word.
 */
async function partyNames(order: Order): Promise<{ buyer_name: string; seller_name: string }> {
  const ids = [order.buyer_id, order.seller_id].filter((id): id is string => id !== null);
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const [designers, profiles] = await Promise.all([
      supabase.from('designer_profiles').select('user_id, full_name, username').in('user_id', ids),
      supabase.from('profiles').select('id, full_name').in('id', ids),
    ]);
    if (designers.error) throw designers.error;
    if (profiles.error) throw profiles.error;
    for (const p of profiles.data) if (p.full_name?.trim()) names.set(p.id, p.full_name.trim());
    for (const d of designers.data) {
      const name = d.full_name?.trim() || d.username?.trim();
      if (name && d.user_id === order.seller_id) names.set(d.user_id, name);
    }
  }
  return {
    buyer_name: (order.buyer_id && names.get(order.buyer_id)) || 'The buyer',
    seller_name: (order.seller_id && names.get(order.seller_id)) || 'The seller',
  };
}

/** One order the viewer may see (its buyer, or its seller once paid), with both names; null when there is none. */
export async function getOrder(orderId: string): Promise<OrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const { data, error } = await supabase.from('orders').select(ORDER_COLUMNS).eq('id', orderId).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const order: Order = data;
  return { ...order, ...(await partyNames(order)) };
}

export function getOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => getOrder(orderId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useOrder(orderId: string) {
  return useQuery(getOrderQueryOptions(orderId));
}
