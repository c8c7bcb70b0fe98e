import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { afterCursor, nextCursor, type KeysetCursor } from '@/lib/keyset-cursor';
import { listingConversationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const LISTING_MESSAGES_PAGE_SIZE = 30;
export const LISTING_MESSAGE_COLUMNS = 'id, conversation_id, sender_id, body, created_at';

/**
 * One page of a piece's conversation, newest first (the screen reverses it): the latest page first, older ones on
 * demand, served by listing_messages (conversation_id, created_at).
 */
export async function getListingMessagesPage(conversationId: string, cursor: KeysetCursor | null) {
  let query = supabase.from('listing_messages').select(LISTING_MESSAGE_COLUMNS).eq('conversation_id', conversationId);
  if (cursor) query = query.lte('created_at', cursor.created_at).or(afterCursor(cursor));
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(LISTING_MESSAGES_PAGE_SIZE);
  if (error) throw error;
  return data;
}

export type ListingMessage = Awaited<ReturnType<typeof getListingMessagesPage>>[number];

export function getListingMessagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: listingConversationKeys.messages(conversationId),
    queryFn: ({ pageParam }) => getListingMessagesPage(conversationId, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (last) => nextCursor(last, LISTING_MESSAGES_PAGE_SIZE),
  });
}

export function useListingMessages(conversationId: string) {
  return useInfiniteQuery(getListingMessagesQueryOptions(conversationId));
}

/** Puts a message into the newest page unless it is already there (realtime and the sender's own insert race). */
export function addListingMessageToCache(queryClient: QueryClient, conversationId: string, message: ListingMessage) {
  queryClient.setQueryData<InfiniteData<ListingMessage[], KeysetCursor | null>>(
    listingConversationKeys.messages(conversationId),
    (data) => {
      if (!data) return data;
      if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
      const [newest = [], ...rest] = data.pages;
      return { ...data, pages: [[message, ...newest], ...rest] };
    },
  );
}
