import { useMutation } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type ListingConversation = Tables<'listing_conversations'>;

/** The viewer's conversation with the piece's seller, started now or the one they already have. */
export async function startListingConversation(itemId: string): Promise<ListingConversation> {
  const { data, error } = await supabase.rpc('start_listing_conversation', { item_id: itemId });
  if (error) throw error;
  return data as ListingConversation;
}

export function useStartListingConversation(
  itemId: string,
  { onSuccess, onError }: MutationCallbacks<ListingConversation, void> = {},
) {
  return useMutation({ mutationFn: () => startListingConversation(itemId), onSuccess, onError });
}
