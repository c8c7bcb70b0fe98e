import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A project's items are bounded by its budget in practice; this cap keeps one page from growing without end. */
export const MAX_ITEMS = 500;

/**
 * The project's items, newest first, with who added each, the Good Stuff piece an item is (if any) and when it was
 * bought (the piece's order, paid by the project's customer or designer).
 */
export async function getProjectItems(projectId: string) {
  const { data, error } = await supabase
    .from('project_items')
    .select(
      'id, project_id, name, description, cost, added_by, created_at, catalog_item_id, bought_at, order_id, adder:profiles!project_items_added_by_fkey(full_name)',
    )
    .eq('project_id', projectId)
    .order('created_at', { ascending: false })
    .limit(MAX_ITEMS);
  if (error) throw error;
  return data;
}

export type ProjectItem = Awaited<ReturnType<typeof getProjectItems>>[number];

export function getProjectItemsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.items(projectId), queryFn: () => getProjectItems(projectId) });
}

export function useProjectItems(projectId: string) {
  return useQuery(getProjectItemsQueryOptions(projectId));
}
