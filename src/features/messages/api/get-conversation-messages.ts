import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { keysetPage, keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { addToNewestPage } from '@/lib/newest-page-cache';
import { conversationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const LISTING_MESSAGES_PAGE_SIZE = 30;
export const LISTING_MESSAGE_COLUMNS = 'id, conversation_id, sender_id, body, photos, created_at, hidden_at';

/**
 * One page of a piece's conversation, newest first (the screen reverses it): the latest page first, older ones on
 * demand, served by listing_messages (conversation_id, created_at).
 */
export async function getConversationMessagesPage(conversationId: string, cursor: KeysetCursor | null) {
  const query = supabase.from('listing_messages').select(LISTING_MESSAGE_COLUMNS).eq('conversation_id', conversationId);
  const { data, error } = await keysetPage(query, cursor, LISTING_MESSAGES_PAGE_SIZE);
  if (error) throw error;
  return data;
}

export type ConversationMessage = Awaited<ReturnType<typeof getConversationMessagesPage>>[number];

export function getConversationMessagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam }) => getConversationMessagesPage(conversationId, pageParam),
    ...keysetPages<ConversationMessage>(LISTING_MESSAGES_PAGE_SIZE),
  });
}

export function useConversationMessages(conversationId: string) {
  return useInfiniteQuery(getConversationMessagesQueryOptions(conversationId));
}

/** Puts a message into the newest page unless it is already there (realtime and the sender's own insert race). */
export function addConversationMessageToCache(
  queryClient: QueryClient,
  conversationId: string,
  message: ConversationMessage,
) {
  addToNewestPage(queryClient, conversationKeys.messages(conversationId), message);
}
