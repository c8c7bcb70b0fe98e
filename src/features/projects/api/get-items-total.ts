import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The project's items total as the database keeps it (projects.items_total, maintained by a trigger on every
 * insert and delete): the figure a hard cap is enforced against. The items list is capped (MAX_ITEMS), so a sum
 * of its rows is not the total once a project has more items than that.
 */
export async function getItemsTotal(projectId: string): Promise<number> {
  const { data, error } = await supabase.from('projects').select('items_total').eq('id', projectId).single();
  if (error) throw error;
  return data.items_total;
}

/**
 * Keyed under the items list, so whatever refreshes the items (the realtime feed, adding or deleting one)
 * refreshes the total with them.
 */
export function getItemsTotalQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.itemsTotal(projectId), queryFn: () => getItemsTotal(projectId) });
}

/** `initial` is the total of the project row the page already holds, with the time it was read. */
export function useItemsTotal(projectId: string, initial: { value: number; updatedAt: number }) {
  return useQuery({
    ...getItemsTotalQueryOptions(projectId),
    initialData: initial.value,
    initialDataUpdatedAt: initial.updatedAt,
  });
}
