import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { keysetPage, keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { addToNewestPage } from '@/lib/newest-page-cache';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const MESSAGES_PAGE_SIZE = 30;
export const MESSAGE_COLUMNS =
  'id, project_id, sender_id, content, photos, created_at, hidden_at, sender:profiles!messages_sender_id_fkey(full_name)';

/**
 * One page of a conversation, newest first (the screen reverses it): the latest page loads first and
 * older pages on demand, served by messages (project_id, created_at).
 */
export async function getMessagesPage(projectId: string, cursor: KeysetCursor | null) {
  const query = supabase.from('messages').select(MESSAGE_COLUMNS).eq('project_id', projectId);
  const { data, error } = await keysetPage(query, cursor, MESSAGES_PAGE_SIZE);
  if (error) throw error;
  return data;
}

export type Message = Awaited<ReturnType<typeof getMessagesPage>>[number];

export function getMessagesQueryOptions(projectId: string) {
  return infiniteQueryOptions({
    queryKey: projectKeys.messages(projectId),
    queryFn: ({ pageParam }) => getMessagesPage(projectId, pageParam),
    ...keysetPages<Message>(MESSAGES_PAGE_SIZE),
  });
}

export function useMessages(projectId: string) {
  return useInfiniteQuery(getMessagesQueryOptions(projectId));
}

/** Puts a message into the newest page unless it is already there (realtime and the sender's own insert race). */
export function addMessageToCache(queryClient: QueryClient, projectId: string, message: Message) {
  addToNewestPage(queryClient, projectKeys.messages(projectId), message);
}
