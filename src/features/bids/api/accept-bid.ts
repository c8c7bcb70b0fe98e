import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * SPEC §4 pending → active: accept_bid() accepts this bid, rejects the others, assigns the designer and
 * activates the project in one transaction.
 */
export async function acceptBid(bidId: string) {
  const { data, error } = await supabase.rpc('accept_bid', { bid_id: bidId });
  if (error) throw error;
  return data;
}

export function useAcceptBid(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptBid,
    onSuccess: async () => {
      toast.success('Bid accepted! The designer is now assigned.');
      // The bids, the project (status, designer) and the lists all change.
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    onError: (error) => {
      // The RPC assigns the designer in the same transaction as the acceptance; a refusal there reads as such.
      const message = (error as { message?: string }).message ?? '';
      toast.error(/designer/i.test(message) ? 'Failed to assign designer' : 'Failed to accept bid');
    },
  });
}
