import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The e-mail preference per notification kind; a kind with no row is on (docs/decisions/0025-notifications.md). */
export type NotificationEmailPreferences = Record<string, boolean>;

/** Under the user, so an account-type switch (which refreshes the user's data) reads them again. */
export const notificationPreferencesKey = (userId: string) =>
  [...userKeys.detail(userId), 'notification-preferences'] as const;

/** The user's own rows of notification_preferences, as kind → e-mail on (RLS lets each user read only theirs). */
export async function getNotificationPreferences(userId: string): Promise<NotificationEmailPreferences> {
  const { data, error } = await supabase.from('notification_preferences').select('kind, email').eq('user_id', userId);
  if (error) throw error;
  return Object.fromEntries(data.map((row) => [row.kind, row.email]));
}

export function getNotificationPreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationPreferencesKey(userId),
    queryFn: () => getNotificationPreferences(userId),
  });
}

export function useNotificationPreferences(userId: string) {
  return useQuery(getNotificationPreferencesQueryOptions(userId));
}
