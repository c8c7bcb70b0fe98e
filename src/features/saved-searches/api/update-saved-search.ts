import type { SearchEmail } from '@/features/saved-searches/api/saved-search-fields';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { savedSearchKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** What its owner may change of a saved search (the column grants allow these three only). */
export type SavedSearchChange = {
  userId: string;
  id: string;
  changes: Partial<{ name: string; email: SearchEmail; paused: boolean }>;
};

/** Renames a saved search, pauses or resumes it, or changes how its alerts are mailed. No row back: it is gone. */
export async function updateSavedSearch({ id, changes }: SavedSearchChange): Promise<void> {
  const { data, error } = await supabase.from('saved_searches').update(changes).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('This saved search no longer exists');
}

export function useUpdateSavedSearch(callbacks: MutationCallbacks<void, SavedSearchChange> = {}) {
  return useRefreshingMutation({
    mutationFn: updateSavedSearch,
    refreshes: ({ userId }) => [savedSearchKeys.list(userId)],
    refreshOnError: true,
    callbacks,
  });
}
