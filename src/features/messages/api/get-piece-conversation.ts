import { queryOptions, useQuery } from '@tanstack/react-query';
import { participantNames } from '@/features/messages/api/participant-names';
import { conversationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** One conversation the viewer takes part in, with the piece's title and both names; null when there is none. */
export async function getPieceConversation(conversationId: string) {
  const { data, error } = await supabase
    .from('listing_conversations')
    .select('id, catalog_item_id, buyer_id, seller_id, created_at, last_message_at, item:catalog_items(id, title)')
    .eq('id', conversationId)
    .maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  if (!data) return null;
  const names = await participantNames([data.buyer_id, data.seller_id]);
  return {
    ...data,
    buyer_name: names.get(data.buyer_id) ?? 'Buyer',
    seller_name: names.get(data.seller_id) ?? 'Seller',
  };
}

export function getPieceConversationQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.detail(conversationId),
    queryFn: () => getPieceConversation(conversationId),
  });
}

export function usePieceConversation(conversationId: string) {
  return useQuery(getPieceConversationQueryOptions(conversationId));
}
