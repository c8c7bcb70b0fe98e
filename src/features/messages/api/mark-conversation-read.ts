import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { conversationReadKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A project's messages (the project's id) or a piece's conversation (the listing conversation's id). */
export type ConversationKind = 'project' | 'piece';

/** The viewer has read the conversation up to now (rpc mark_conversation_read; never moves backwards). */
export async function markConversationRead(kind: ConversationKind, conversationId: string) {
  const { data, error } = await supabase.rpc('mark_conversation_read', { kind, conversation_id: conversationId });
  if (error) throw error;
  return data;
}

/**
 * Marks the conversation read while it is open and visible: when its newest message from the other person first
 * shows, when a newer one arrives, and when the tab comes back into view with one not yet marked. A hidden tab marks
 * nothing, so the other person's Seen means seen. The viewer's unread counts are read again after each mark.
 */
export function useMarkReadWhileVisible(
  kind: ConversationKind,
  conversationId: string,
  newestFromOther: string | null,
) {
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!newestFromOther) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === newestFromOther) return;
      marked.current = newestFromOther;
      markConversationRead(kind, conversationId).then(
        () => void queryClient.invalidateQueries({ queryKey: conversationReadKeys.all }),
        // Not marked: the next message or the next return to the tab tries again.
        () => (marked.current = null),
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [kind, conversationId, newestFromOther, queryClient]);
}
