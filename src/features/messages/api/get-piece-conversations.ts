import { useInfiniteQuery } from '@tanstack/react-query';
import { participantNames } from '@/features/messages/api/participant-names';
import { conversationKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const PIECE_CONVERSATIONS_PAGE_SIZE = 20;

/**
 * The conversations buyers started about the seller's piece, latest message first (those without a message
 * last), paged, each with the buyer's name.
 */
export async function getPieceConversationsPage(itemId: string, page: number) {
  const { data, error } = await supabase
    .from('listing_conversations')
    .select('id, catalog_item_id, buyer_id, seller_id, created_at, last_message_at')
    .eq('catalog_item_id', itemId)
    .order('last_message_at', { ascending: false, nullsFirst: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, PIECE_CONVERSATIONS_PAGE_SIZE));
  if (error) throw error;
  const names = await participantNames(data.map((c) => c.buyer_id));
  return data.map((c) => ({ ...c, buyer_name: names.get(c.buyer_id) ?? 'A buyer' }));
}

export function getPieceConversationsQueryOptions(itemId: string) {
  return {
    ...numberedPagesQueryOptions(conversationKeys.piece(itemId), PIECE_CONVERSATIONS_PAGE_SIZE, (page) =>
      getPieceConversationsPage(itemId, page),
    ),
    staleTime: 0,
    refetchOnWindowFocus: true,
  };
}

export function usePieceConversations(itemId: string) {
  return useInfiniteQuery(getPieceConversationsQueryOptions(itemId));
}
