import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Another person as the viewer may read their profile (the other party of a shared project): their name and
 * whether Good Space suspended the account (docs/trust-and-safety.md). Null when the profile is not readable.
 */
export async function getPerson(userId: string) {
  const { data, error } = await supabase
    .from('profiles')
    .select('id, full_name, suspended_at')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function personQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...userKeys.detail(userId), 'standing'] as const,
    queryFn: () => getPerson(userId),
  });
}

export function usePerson(userId: string | null) {
  return useQuery({ ...personQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
