import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/lib/query-keys';
import { loadSupabase } from '@/lib/supabase-loader';
import type { Role } from '@/types/role';

/** The user's role from user_roles; null when the user has no role row. */
export async function getUserRole(userId: string): Promise<Role | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return data?.role ?? null;
}

export function getUserRoleQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userKeys.role(userId),
    queryFn: () => getUserRole(userId),
    // A role changes only through Settings, which invalidates this key.
    staleTime: Infinity,
  });
}

export function useUserRole(userId: string | null | undefined) {
  return useQuery({ ...getUserRoleQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
