import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { keysetPage, keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { notificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many the bell's list shows; the page has the rest. */
export const LATEST_NOTIFICATIONS = 5;

const COLUMNS = 'id, kind, title, body, link, read_at, created_at';

/**
 * One page of the signed-in user's notifications, newest first (`created_at desc, id desc`, the order of the
 * table's `(user_id, created_at desc, id desc)` index), starting after `after`. Row-level security returns only
 * the user's own rows; the `user_id` filter keeps the read on that index.
 */
export async function getNotifications(userId: string, after: KeysetCursor | null, pageSize = NOTIFICATIONS_PAGE_SIZE) {
  const query = supabase.from('notifications').select(COLUMNS).eq('user_id', userId);
  const { data, error } = await keysetPage(query, after, pageSize);
  if (error) throw error;
  return data;
}

export type AppNotification = Awaited<ReturnType<typeof getNotifications>>[number];

export function getNotificationsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam }) => getNotifications(userId, pageParam),
    ...keysetPages<AppNotification>(NOTIFICATIONS_PAGE_SIZE),
  });
}

/** Every notification, a page at a time (the /notifications page). */
export function useNotifications(userId: string) {
  return useInfiniteQuery(getNotificationsQueryOptions(userId));
}

export function getLatestNotificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.latest(userId),
    queryFn: () => getNotifications(userId, null, LATEST_NOTIFICATIONS),
  });
}

/** The newest few, for the bell's list. */
export function useLatestNotifications(userId: string) {
  return useQuery(getLatestNotificationsQueryOptions(userId));
}
