import { useLiveQuery } from '@/hooks/use-live-query';
import { nudgeKeys } from '@/lib/query-keys';

/**
 * The designer's list refreshes live on any change to their nudges, and after every (re)subscribe,
 * since changes made while the socket was down are not replayed. The channel is removed on unmount.
 */
export function useNudgesRealtime(designerId: string) {
  useLiveQuery({
    channel: `designer-nudges:${designerId}`,
    table: 'designer_nudges',
    filter: `designer_id=eq.${designerId}`,
    queryKey: nudgeKeys.inbox(designerId),
  });
}
