import { useQuery } from '@tanstack/react-query';
import type { ConversationKind } from '@/features/messages/api/mark-conversation-read';
import { useLiveQuery } from '@/hooks/use-live-query';
import { conversationReadKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type UnreadCounts = ReadonlyMap<string, number>;

export const unreadKey = (kind: ConversationKind, conversationId: string) => `${kind}:${conversationId}`;

/** The viewer's conversations with unread messages from the other person, and how many (rpc unread_counts). */
export async function getUnreadCounts(): Promise<UnreadCounts> {
  const { data, error } = await supabase.rpc('unread_counts');
  if (error) throw error;
  return new Map(data.map((row) => [unreadKey(row.kind as ConversationKind, row.conversation_id), row.unread]));
}

/**
 * The viewer's unread counts where conversations are listed: read on opening and on returning to the tab, and
 * again when the viewer reads a conversation (here or in another tab: their own conversation_reads rows are live).
 */
export function useUnreadCounts(userId: string, { live = true }: { live?: boolean } = {}) {
  const queryKey = conversationReadKeys.unread(userId);
  useLiveQuery({
    channel: `unread-counts:${userId}`,
    table: 'conversation_reads',
    filter: `user_id=eq.${userId}`,
    queryKey,
    enabled: live && userId !== '',
  });
  return useQuery({
    queryKey,
    queryFn: getUnreadCounts,
    enabled: userId !== '',
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
