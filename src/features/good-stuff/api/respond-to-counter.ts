import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@/features/good-stuff/api/make-offer';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, offerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The buyer answers the seller's counter: accept (reserved for them for 48 hours) or decline. */
export async function respondToCounter(offerId: string, action: 'accept' | 'decline'): Promise<Offer> {
  const { data, error } = await supabase.rpc('respond_to_counter', { offer_id: offerId, action });
  if (error) throw error;
  return data as Offer;
}

export function useRespondToCounter(
  itemId: string,
  { onSuccess, onError }: MutationCallbacks<Offer, 'accept' | 'decline'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: string; action: 'accept' | 'decline' }) =>
      respondToCounter(offerId, action),
    onSuccess: (offer, { action }) => onSuccess?.(offer, action),
    onError: (error, { action }) => onError?.(error, action),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.piece(itemId) }),
        queryClient.invalidateQueries({ queryKey: pieceKeys.all }),
      ]),
  });
}
