import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type AddableProject = {
  id: string;
  title: string;
  budget: number;
  budget_type: 'soft' | 'hard';
  items_total: number;
};

/**
 * The viewer's active projects, as their customer or their assigned designer: the projects a Good Stuff piece can
 * be added to (add_catalog_item_to_project checks the same). Bounded by nature: a person has few active projects.
 */
export async function getAddableProjects(userId: string): Promise<AddableProject[]> {
  const { data, error } = await supabase
    .from('projects')
    .select('id, title, budget, budget_type, items_total')
    .eq('status', 'active')
    .or(`customer_id.eq.${userId},designer_id.eq.${userId}`)
    .order('created_at', { ascending: false })
    .limit(100);
  if (error) throw error;
  return data;
}

export function getAddableProjectsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...projectKeys.lists(), 'addable', userId] as const,
    queryFn: () => getAddableProjects(userId),
    staleTime: 0,
  });
}

export function useAddableProjects(userId: string) {
  return useQuery({ ...getAddableProjectsQueryOptions(userId), enabled: userId !== '' });
}
