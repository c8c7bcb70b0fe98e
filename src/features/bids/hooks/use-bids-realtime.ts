import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { projectKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/** New bids reach the owner's list without a reload; after (re)subscribing the list is refetched. */
export function useBidsRealtime(projectId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopCatchUp = () => {};
    const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.bids(projectId) });
    const channel = supabase
      .channel(`project-bids:${projectId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'project_bids', filter: `project_id=eq.${projectId}` },
        refresh,
      )
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, projectKeys.bids(projectId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [projectId, enabled, queryClient]);
}
