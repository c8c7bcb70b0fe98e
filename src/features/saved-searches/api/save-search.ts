import type { SearchCriteria, SearchEmail } from '@/features/saved-searches/api/saved-search-fields';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { savedSearchKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

type SaveSearchArgs = Database['public']['Functions']['save_search']['Args'];
/**
 * save_search's arguments as the function takes them: null is "no bound" (no words, any category, no price limit,
 * any distance). PostgREST's type generator types each argument without a default as non-null, so the generated
 * type says less than the function accepts.
 */
type SaveSearchCall = { [K in keyof SaveSearchArgs]: SaveSearchArgs[K] | null };

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
  const args: SaveSearchCall = {
    name,
    words: criteria.words,
    category: criteria.category,
    min_price: criteria.min_price,
    max_price: criteria.max_price,
    conditions: criteria.conditions,
    within_miles: criteria.within_miles,
    email,
    project_id: projectId,
  };
  // The nulls are the function's own "no bound" (SaveSearchCall), which the generated type cannot say.
  const { data, error } = await supabase.rpc('save_search', args as SaveSearchArgs);
  if (error) throw error;
  return { id: data.id, name: data.name };
}

export type SavedSearchSaved = Awaited<ReturnType<typeof saveSearch>>;

export function useSaveSearch(callbacks: MutationCallbacks<SavedSearchSaved, NewSavedSearch> = {}) {
  return useRefreshingMutation({
    mutationFn: saveSearch,
    refreshes: ({ userId }) => [savedSearchKeys.list(userId)],
    callbacks,
  });
}
