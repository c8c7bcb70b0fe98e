import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const DISPUTE_QUEUE_PAGE_SIZE = 20;

/** Dollars and cents as the database's numeric (PostgREST sends a JSON number). */
const money = z.coerce.number();

/** One dispute or chargeback in the queue (rpc milestone_dispute_queue, docs/trust-and-safety.md). */
const disputeRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['dispute', 'chargeback']),
  status: z.enum(['open', 'decided', 'closed']),
  milestone_id: z.string(),
  milestone_title: z.string(),
  project_id: z.string(),
  project_title: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  designer_id: z.string().nullable(),
  designer_name: z.string().nullable(),
  amount: money,
  held: money,
  opened_by_name: z.string().nullable(),
  reason: z.string().nullable(),
  statements: z.number(),
  statements_due_at: z.string(),
  created_at: z.string(),
  outcome: z.enum(['won', 'lost']).nullable(),
});

export type DisputeQueueRow = z.infer<typeof disputeRowSchema>;

/**
 * A page of the disputes queue: open disputes and chargebacks first, the oldest first, then the settled ones; after
 * `after` (keyset on the database's order, created_at then id). Operators only (42501 otherwise).
 */
export async function getDisputeQueuePage(after: KeysetCursor | null): Promise<DisputeQueueRow[]> {
  const { data, error } = await supabase.rpc('milestone_dispute_queue', {
    page_size: DISPUTE_QUEUE_PAGE_SIZE,
    ...(after ? { after_created_at: after.created_at, after_id: after.id } : {}),
  });
  if (error) throw error;
  return z.array(disputeRowSchema).parse(data);
}

export function disputeQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.disputeQueue(),
    queryFn: ({ pageParam }) => getDisputeQueuePage(pageParam),
    ...keysetPages<DisputeQueueRow>(DISPUTE_QUEUE_PAGE_SIZE),
  });
}

export function useDisputeQueue() {
  return useInfiniteQuery(disputeQueueQueryOptions());
}
