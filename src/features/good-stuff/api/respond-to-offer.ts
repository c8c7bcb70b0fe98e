import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@/features/good-stuff/api/make-offer';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, offerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type SellerResponse =
  { action: 'accept' } | { action: 'decline' } | { action: 'counter'; counterAmount: number };

/**
 * The seller answers an open offer: accept (the piece is reserved for the buyer for 48 hours and every other offer
 * on it declined), decline, or counter with an amount above the offer and at most the price.
 */
export async function respondToOffer(offerId: string, response: SellerResponse): Promise<Offer> {
  const { data, error } = await supabase.rpc('respond_to_offer', {
    offer_id: offerId,
    action: response.action,
    ...(response.action === 'counter' ? { counter_amount: response.counterAmount } : {}),
  });
  if (error) throw error;
  return data as Offer;
}

export function useRespondToOffer(
  itemId: string,
  { onSuccess, onError }: MutationCallbacks<Offer, { offerId: string; response: SellerResponse }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, response }: { offerId: string; response: SellerResponse }) =>
      respondToOffer(offerId, response),
    onSuccess,
    onError,
    // Refused or not, the offers and the piece (reserved now?) are read again: someone may have acted first.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.piece(itemId) }),
        queryClient.invalidateQueries({ queryKey: pieceKeys.all }),
      ]),
  });
}
