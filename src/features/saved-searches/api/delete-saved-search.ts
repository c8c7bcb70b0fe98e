import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { savedSearchKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type SavedSearchRef = { userId: string; id: string };

/** Deletes a saved search: no more alerts from it (the ones already in the bell stay). */
export async function deleteSavedSearch({ id }: SavedSearchRef): Promise<void> {
  const { error } = await supabase.from('saved_searches').delete().eq('id', id);
  if (error) throw error;
}

export function useDeleteSavedSearch(callbacks: MutationCallbacks<void, SavedSearchRef> = {}) {
  return useRefreshingMutation({
    mutationFn: deleteSavedSearch,
    refreshes: ({ userId }) => [savedSearchKeys.list(userId)],
    callbacks,
  });
}
