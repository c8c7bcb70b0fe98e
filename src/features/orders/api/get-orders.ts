import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORDER_COLUMNS, type Order } from '@/features/orders/api/order';
import { keysetPage, keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { orderKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const ORDERS_PAGE_SIZE = 20;

export type OrdersSide = 'purchases' | 'sales';

/**
 * One page of the user's orders, newest first (`created_at desc, id desc`, the order of the table's per-buyer and
 * per-seller indexes), after `after`. Purchases are every order the user opened; sales leave out checkouts not paid
 * (pending or expired: row-level security hides them from the seller too, and the filter matches the sales index).
 */
export async function getOrders(userId: string, side: OrdersSide, after: KeysetCursor | null): Promise<Order[]> {
  let query = supabase.from('orders').select(ORDER_COLUMNS);
  query =
    side === 'purchases'
      ? query.eq('buyer_id', userId)
      : query.eq('seller_id', userId).not('status', 'in', '(pending,expired)');
  const { data, error } = await keysetPage(query, after, ORDERS_PAGE_SIZE);
  if (error) throw error;
  return data;
}

export function getOrdersQueryOptions(userId: string, side: OrdersSide) {
  return infiniteQueryOptions({
    queryKey: side === 'purchases' ? orderKeys.purchases(userId) : orderKeys.sales(userId),
    queryFn: ({ pageParam }) => getOrders(userId, side, pageParam),
    ...keysetPages<Order>(ORDERS_PAGE_SIZE),
    refetchOnWindowFocus: true,
  });
}

export function useOrders(userId: string, side: OrdersSide, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getOrdersQueryOptions(userId, side), enabled });
}
