import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** How many of the signed-in user's notifications are unread (rpc unread_notification_count, ADR 0025). */
export async function getUnreadNotificationCount(): Promise<number> {
  const { data, error } = await supabase.rpc('unread_notification_count');
  if (error) throw error;
  return data;
}

export function getUnreadNotificationCountQueryOptions(userId: string) {
  return queryOptions({
    // The function answers for the signed-in user; the id keys the cache per user.
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: getUnreadNotificationCount,
  });
}

export function useUnreadNotificationCount(userId: string) {
  return useQuery(getUnreadNotificationCountQueryOptions(userId));
}
