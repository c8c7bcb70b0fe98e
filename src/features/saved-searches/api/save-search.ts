import type { SearchCriteria, SearchEmail } from '@/features/saved-searches/api/saved-search-fields';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { savedSearchKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type NewSavedSearch = SearchCriteria & {
  userId: string;
  name: string;
  email: SearchEmail;
  /** The project it is for: its highest price then follows the project's remaining budget (the database keeps it). */
  projectId: string | null;
};

/**
 * Saves a search through save_search (docs/find-it-first.md): the database copies the origin of its distance from
 * the owner's place (or the project's), checks every value, the limit of 50 and a name used twice, and counts saves.
 */
export async function saveSearch({ userId: _userId, projectId, name, email, ...criteria }: NewSavedSearch) {
  const { data, error } = await supabase
    .rpc('save_search', {
      name,
      words: criteria.words ?? undefined,
      category: criteria.category ?? undefined,
      min_price: criteria.min_price ?? undefined,
      max_price: criteria.max_price ?? undefined,
      conditions: criteria.conditions,
      within_miles: criteria.within_miles ?? undefined,
      email,
      project_id: projectId ?? undefined,
    })
    .select('id, name')
    .single();
  if (error) throw error;
  return data;
}

export type SavedSearchSaved = Awaited<ReturnType<typeof saveSearch>>;

export function useSaveSearch(callbacks: MutationCallbacks<SavedSearchSaved, NewSavedSearch> = {}) {
  return useRefreshingMutation({
    mutationFn: saveSearch,
    refreshes: ({ userId }) => [savedSearchKeys.list(userId)],
    callbacks,
  });
}
