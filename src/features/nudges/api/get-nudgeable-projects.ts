import { queryOptions, useQuery } from '@tanstack/react-query';
import { nudgeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type NudgeableProject = { id: string; title: string };

/** SPEC §7 projects "select by customer_id and status pending": the projects a customer can nudge for. */
export async function getNudgeableProjects(customerId: string): Promise<NudgeableProject[]> {
  const { data, error } = await supabase
    .from('projects')
    .select('id, title')
    .eq('customer_id', customerId)
    .eq('status', 'pending')
    .order('created_at', { ascending: false })
    .limit(100);
  if (error) throw error;
  return data;
}

export function getNudgeableProjectsQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: nudgeKeys.nudgeableProjects(customerId),
    queryFn: () => getNudgeableProjects(customerId),
    staleTime: 0,
  });
}

export function useNudgeableProjects(customerId: string | null | undefined) {
  return useQuery({ ...getNudgeableProjectsQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });
}
