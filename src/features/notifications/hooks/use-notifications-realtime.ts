import { useLiveQuery } from '@/hooks/use-live-query';
import { notificationKeys } from '@/lib/query-keys';

/**
 * The user's bell, its list and the notifications page stay live: a notification written for them (insert) or
 * marked read elsewhere (update, e.g. in another tab) reads them again, and so does every (re)subscribe, since
 * changes made while the socket was down are not replayed. Realtime applies the table's select policy per
 * subscriber (ADR 0025); the filter keeps the feed to the user's own rows.
 */
export function useNotificationsRealtime(userId: string) {
  useLiveQuery({
    channel: `notifications:${userId}`,
    table: 'notifications',
    filter: `user_id=eq.${userId}`,
    queryKey: notificationKeys.user(userId),
  });
}
