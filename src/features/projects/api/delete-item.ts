import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Deletes an item by id; row-level security lets only the adder delete it. */
export async function deleteItem(itemId: string): Promise<void> {
  const { data, error } = await supabase.from('project_items').delete().eq('id', itemId).select('id');
  if (error) throw error;
  // A delete that RLS filters out affects no rows and returns no error: treat it as the failure it is.
  if (data.length === 0) throw new Error('Item not deleted');
}

export function useDeleteItem(projectId: string, callbacks: MutationCallbacks<void, string> = {}) {
  return useRefreshingMutation({
    mutationFn: deleteItem,
    refreshes: () => [projectKeys.items(projectId)],
    callbacks,
  });
}
