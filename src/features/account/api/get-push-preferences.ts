import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Push on or off per notification kind; a kind with no row is on (docs/notifications.md, "The push half"). */
export type NotificationPushPreferences = Record<string, boolean>;

export const pushPreferencesKey = (userId: string) => [...userKeys.detail(userId), 'push-preferences'] as const;

/** The user's own rows of notification_preferences, as kind → push on (RLS lets each user read only theirs). */
export async function getPushPreferences(userId: string): Promise<NotificationPushPreferences> {
  const { data, error } = await supabase.from('notification_preferences').select('kind, push').eq('user_id', userId);
  if (error) throw error;
  return Object.fromEntries(data.map((row) => [row.kind, row.push]));
}

export function usePushPreferences(userId: string) {
  return useQuery(queryOptions({ queryKey: pushPreferencesKey(userId), queryFn: () => getPushPreferences(userId) }));
}
