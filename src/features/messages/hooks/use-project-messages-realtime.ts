import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMessage } from '@/features/messages/api/get-project-message';
import { addMessageToCache } from '@/features/messages/api/get-project-messages';
import { projectKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/**
 * New messages appear for both sides live (realtime INSERT on messages for this project). After a
 * (re)subscribe the conversation is refetched, so nothing sent while disconnected is missed.
 */
export function useMessagesRealtime(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopCatchUp = () => {};
    const channel = supabase
      .channel(`messages:${projectId}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages', filter: `project_id=eq.${projectId}` },
        (payload) => {
          const id = (payload.new as { id?: string }).id;
          if (!id) return;
          getMessage(id).then(
            (message) => {
              if (message) addMessageToCache(queryClient, projectId, message);
            },
            () => void queryClient.invalidateQueries({ queryKey: projectKeys.messages(projectId) }),
          );
        },
      )
      // Good Space hiding a message changes its text for everyone (docs/trust-and-safety.md): read the pages again.
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'messages', filter: `project_id=eq.${projectId}` },
        () => void queryClient.invalidateQueries({ queryKey: projectKeys.messages(projectId) }),
      )
      .subscribe((status) => {
        // Messages sent before the feed was live (or while it was down) were never delivered: read again.
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, projectKeys.messages(projectId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [projectId, queryClient]);
}
