import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const ORDER_PROBLEM_QUEUE_PAGE_SIZE = 20;

/** Dollars and cents as the database's numeric (PostgREST sends a JSON number). */
const money = z.coerce.number();

/** One problem or chargeback of a Good Stuff order in the queue (rpc order_problem_queue, docs/orders.md). */
const orderProblemRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['problem', 'chargeback']),
  status: z.enum(['open', 'decided', 'closed']),
  order_id: z.string(),
  item_title: z.string(),
  buyer_id: z.string().nullable(),
  buyer_name: z.string().nullable(),
  seller_id: z.string().nullable(),
  seller_name: z.string().nullable(),
  amount: money,
  held: money,
  reason: z.string().nullable(),
  statements: z.number(),
  statements_due_at: z.string(),
  created_at: z.string(),
  outcome: z.enum(['won', 'lost']).nullable(),
});

export type OrderProblemQueueRow = z.infer<typeof orderProblemRowSchema>;

/**
 * A page of the orders' problems and chargebacks: open ones first, the oldest first, then the settled ones; after
 * `after` (keyset on the database's order, created_at then id). Operators only (42501 otherwise).
 */
export async function getOrderProblemQueuePage(after: KeysetCursor | null): Promise<OrderProblemQueueRow[]> {
  const { data, error } = await supabase.rpc('order_problem_queue', {
    page_size: ORDER_PROBLEM_QUEUE_PAGE_SIZE,
    ...(after ? { after_created_at: after.created_at, after_id: after.id } : {}),
  });
  if (error) throw error;
  return z.array(orderProblemRowSchema).parse(data);
}

export function orderProblemQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.orderProblemQueue(),
    queryFn: ({ pageParam }) => getOrderProblemQueuePage(pageParam),
    ...keysetPages<OrderProblemQueueRow>(ORDER_PROBLEM_QUEUE_PAGE_SIZE),
  });
}

export function useOrderProblemQueue() {
  return useInfiniteQuery(orderProblemQueueQueryOptions());
}
