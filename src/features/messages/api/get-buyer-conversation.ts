import { queryOptions, useQuery } from '@tanstack/react-query';
import { startPieceConversation } from '@/features/messages/api/start-piece-conversation';
import { conversationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The conversation between a piece's seller and one buyer (an order's pickup conversation), or null. The buyer's
 * own is opened if it does not exist yet ('Ask the seller' does the same), so the seller can always write to them
 * there; the seller reads the one the buyer has.
 */
export async function getBuyerConversation(itemId: string, buyerId: string, viewerId: string): Promise<string | null> {
  if (viewerId === buyerId) return (await startPieceConversation(itemId)).id;
  const { data, error } = await supabase
    .from('listing_conversations')
    .select('id')
    .eq('catalog_item_id', itemId)
    .eq('buyer_id', buyerId)
    .maybeSingle();
  if (error) throw error;
  return data?.id ?? null;
}

export function getBuyerConversationQueryOptions(itemId: string, buyerId: string, viewerId: string) {
  return queryOptions({
    queryKey: [...conversationKeys.piece(itemId), 'buyer', buyerId] as const,
    queryFn: () => getBuyerConversation(itemId, buyerId, viewerId),
  });
}

export function useBuyerConversation(itemId: string, buyerId: string, viewerId: string) {
  return useQuery(getBuyerConversationQueryOptions(itemId, buyerId, viewerId));
}
