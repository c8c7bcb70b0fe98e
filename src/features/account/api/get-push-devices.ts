import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const pushDevicesKey = (userId: string) => [...userKeys.detail(userId), 'push-devices'] as const;

/** The endpoints of the user's devices (push_subscriptions, own rows only): is this browser one of them? */
export async function getPushDevices(userId: string): Promise<string[]> {
  const { data, error } = await supabase.from('push_subscriptions').select('endpoint').eq('user_id', userId);
  if (error) throw error;
  return data.map((row) => row.endpoint);
}

/** `enabled` false where this browser cannot take push: nothing to compare its subscription with. */
export function usePushDevices(userId: string, enabled = true) {
  return useQuery(queryOptions({ queryKey: pushDevicesKey(userId), queryFn: () => getPushDevices(userId), enabled }));
}
