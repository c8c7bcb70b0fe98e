import { useMutation } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type PieceConversation = Tables<'listing_conversations'>;

/** The viewer's conversation with the piece's seller, started now or the one they already have. */
export async function startPieceConversation(itemId: string): Promise<PieceConversation> {
  const { data, error } = await supabase.rpc('start_listing_conversation', { item_id: itemId });
  if (error) throw error;
  return data as PieceConversation;
}

export function useStartPieceConversation(
  itemId: string,
  { onSuccess, onError }: MutationCallbacks<PieceConversation, void> = {},
) {
  return useMutation({ mutationFn: () => startPieceConversation(itemId), onSuccess, onError });
}
