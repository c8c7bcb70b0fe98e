import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationKind } from '@/features/messages/api/mark-conversation-read';
import { useLiveQuery } from '@/hooks/use-live-query';
import { conversationReadKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Until when the other person has read the conversation (their conversation_reads row; the policy lets the
 * conversation's two people read both), or null when they have not opened it yet.
 */
export async function getSeen(kind: ConversationKind, conversationId: string, viewerId: string) {
  const { data, error } = await supabase
    .from('conversation_reads')
    .select('user_id, last_read_at')
    .eq('kind', kind)
    .eq('conversation_id', conversationId)
    .neq('user_id', viewerId)
    .order('last_read_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data?.last_read_at ?? null;
}

export function getSeenQueryOptions(kind: ConversationKind, conversationId: string, viewerId: string) {
  return queryOptions({
    queryKey: conversationReadKeys.seen(kind, conversationId),
    queryFn: () => getSeen(kind, conversationId, viewerId),
  });
}

/** The other person's read mark, kept live: their Seen moves while both look at the conversation. */
export function useSeen(kind: ConversationKind, conversationId: string, viewerId: string) {
  const options = getSeenQueryOptions(kind, conversationId, viewerId);
  const queryKey = options.queryKey;
  useLiveQuery({
    channel: `conversation-reads:${kind}:${conversationId}`,
    table: 'conversation_reads',
    filter: `conversation_id=eq.${conversationId}`,
    queryKey,
  });
  return useQuery(options);
}
