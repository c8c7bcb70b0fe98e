import { useLiveQuery } from '@/hooks/use-live-query';
import { projectKeys } from '@/lib/query-keys';

/**
 * The other party's additions and deletions appear without a reload: any change of the project's items
 * refetches the list (which also carries each adder's name), and so does every (re)subscribe.
 */
export function useItemsRealtime(projectId: string) {
  useLiveQuery({
    channel: `project-items:${projectId}`,
    table: 'project_items',
    filter: `project_id=eq.${projectId}`,
    queryKey: projectKeys.items(projectId),
  });
}
