import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { projectKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/**
 * The other party's additions and deletions appear without a reload: any change of the project's items
 * refetches the list (which also carries each adder's name). After a (re)subscribe the list is refetched too,
 * since changes made while disconnected were never delivered.
 */
export function useItemsRealtime(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopCatchUp = () => {};
    const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.items(projectId) });
    const channel = supabase
      .channel(`project-items:${projectId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'project_items', filter: `project_id=eq.${projectId}` },
        refresh,
      )
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, projectKeys.items(projectId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [projectId, queryClient]);
}
