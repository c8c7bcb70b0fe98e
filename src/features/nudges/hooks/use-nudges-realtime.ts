import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { nudgeKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/**
 * SPEC §4: the designer's list refreshes live on any change to their nudges. After every (re)subscribe the
 * list is refetched, since changes made while the socket was down are not replayed. The channel is removed on
 * unmount.
 */
export function useNudgesRealtime(designerId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopCatchUp = () => {};
    const refresh = () => void queryClient.invalidateQueries({ queryKey: nudgeKeys.inbox(designerId) });
    const channel = supabase
      .channel(`designer-nudges:${designerId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'designer_nudges', filter: `designer_id=eq.${designerId}` },
        refresh,
      )
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, nudgeKeys.inbox(designerId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [designerId, queryClient]);
}
