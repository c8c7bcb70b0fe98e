import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getConversationMessage } from '@/features/messages/api/get-conversation-message';
import { addConversationMessageToCache } from '@/features/messages/api/get-conversation-messages';
import { conversationKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/**
 * New messages of a piece's conversation appear for both sides live (realtime INSERT on listing_messages for
 * this conversation). After a (re)subscribe the conversation is read again, so
 * nothing sent while disconnected is missed.
 */
export function useConversationMessagesRealtime(conversationId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopCatchUp = () => {};
    const channel = supabase
      .channel(`listing-messages:${conversationId}`)
      .on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'listing_messages',
          filter: `conversation_id=eq.${conversationId}`,
        },
        (payload) => {
          const id = (payload.new as { id?: string }).id;
          if (!id) return;
          getConversationMessage(id).then(
            (message) => {
              if (message) addConversationMessageToCache(queryClient, conversationId, message);
            },
            () => void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) }),
          );
        },
      )
      // Good Space hiding a message changes its text for both sides (docs/trust-and-safety.md): read the pages again.
      .on(
        'postgres_changes',
        {
          event: 'UPDATE',
          schema: 'public',
          table: 'listing_messages',
          filter: `conversation_id=eq.${conversationId}`,
        },
        () => void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) }),
      )
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, conversationKeys.messages(conversationId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [conversationId, queryClient]);
}
