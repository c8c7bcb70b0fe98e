import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferFormInput } from '@/features/good-stuff/api/offer-amount';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, offerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type Offer = Tables<'offers'>;

export type MakeOfferInput = OfferFormInput;

/** make_offer checks who may offer (not the seller, one live offer each, the piece free) and the amount again. */
export async function makeOffer(itemId: string, input: MakeOfferInput): Promise<Offer> {
  const { data, error } = await supabase.rpc('make_offer', {
    item_id: itemId,
    amount: input.amount,
    ...(input.note ? { note: input.note } : {}),
  });
  if (error) throw error;
  return data as Offer;
}

export function useMakeOffer(itemId: string, { onSuccess, onError }: MutationCallbacks<Offer, MakeOfferInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MakeOfferInput) => makeOffer(itemId, input),
    onSuccess: async (offer, input) => {
      await onSuccess?.(offer, input);
      await queryClient.invalidateQueries({ queryKey: offerKeys.piece(itemId) });
    },
    onError: async (error, input) => {
      await onError?.(error, input);
      // Refused because the piece was just reserved or held: show it as it is now.
      await queryClient.invalidateQueries({ queryKey: pieceKeys.all });
    },
  });
}
