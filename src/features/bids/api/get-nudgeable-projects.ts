import { queryOptions } from '@tanstack/react-query';
import { nudgeKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type NudgeableProject = { id: string; title: string };

/** The customer's pending projects: the ones a nudge can be about. */
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
