import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * How many projects are assigned to the designer, for 'My Projects (n)': a count with the list's own filter
 * (getDesignerProjects), answered from the designer_id index without sending a row.
 */
export async function getDesignerProjectCount(designerId: string): Promise<number> {
  const { count, error } = await supabase
    .from('projects')
    .select('id', { count: 'exact', head: true })
    .eq('designer_id', designerId);
  if (error) throw error;
  return count ?? 0;
}

export function getDesignerProjectCountQueryOptions(designerId: string) {
  return queryOptions({
    queryKey: projectKeys.designerCount(designerId),
    queryFn: () => getDesignerProjectCount(designerId),
  });
}

export function useDesignerProjectCount(designerId: string) {
  return useQuery(getDesignerProjectCountQueryOptions(designerId));
}
