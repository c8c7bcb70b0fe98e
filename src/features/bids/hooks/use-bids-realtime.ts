import { useLiveQuery } from '@/hooks/use-live-query';
import { projectKeys } from '@/lib/query-keys';

/** New bids reach the owner's list without a reload; after (re)subscribing the list is refetched. */
export function useBidsRealtime(projectId: string, enabled: boolean) {
  useLiveQuery({
    channel: `project-bids:${projectId}`,
    table: 'project_bids',
    filter: `project_id=eq.${projectId}`,
    queryKey: projectKeys.bids(projectId),
    enabled,
  });
}
