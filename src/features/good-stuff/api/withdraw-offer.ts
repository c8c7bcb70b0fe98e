import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@/features/good-stuff/api/make-offer';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { offerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The buyer takes back an offer the seller has not answered yet. */
export async function withdrawOffer(offerId: string): Promise<Offer> {
  const { data, error } = await supabase.rpc('withdraw_offer', { offer_id: offerId });
  if (error) throw error;
  return data as Offer;
}

export function useWithdrawOffer(itemId: string, { onSuccess, onError }: MutationCallbacks<Offer, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.piece(itemId) }),
  });
}
