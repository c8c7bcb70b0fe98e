import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Pending → active (docs/product.md, Projects): accept_bid() accepts this bid, rejects the others, assigns the designer and
 * activates the project in one transaction.
 */
export async function acceptBid(bidId: string) {
  const { data, error } = await supabase.rpc('accept_bid', { bid_id: bidId });
  if (error) throw error;
  return data;
}

/** The rpc assigns the designer in the same transaction as the acceptance: a refusal there names the designer. */
export function isAssignDesignerError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /designer/i.test(message);
}

export function useAcceptBid(projectId: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  return useRefreshingMutation({
    mutationFn: acceptBid,
    // The bids, the project (status, designer) and the lists all change.
    refreshes: () => [projectKeys.detail(projectId), projectKeys.lists()],
    callbacks,
  });
}
