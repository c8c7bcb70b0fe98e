import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Marks the signed-in user's notifications read (rpc mark_notifications_read, ADR 0025): the ones in `ids`, or
 * every unread one when `ids` is null. Returns how many changed; marking a read one again changes nothing.
 */
export async function markNotificationsRead(ids: string[] | null): Promise<number> {
  const { data, error } = await supabase.rpc('mark_notifications_read', ids === null ? {} : { ids });
  if (error) throw error;
  return data;
}

export function useMarkNotificationsRead(userId: string, callbacks: MutationCallbacks<number, string[] | null> = {}) {
  return useRefreshingMutation({
    mutationFn: markNotificationsRead,
    refreshes: () => [notificationKeys.user(userId)],
    refreshOnError: true,
    callbacks,
  });
}
