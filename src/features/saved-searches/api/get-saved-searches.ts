import { useQuery } from '@tanstack/react-query';
import { savedSearchKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The viewer's saved searches, newest first, each with the project it is for (if any; the origin of its distance is
 * the database's and not read). At most 50 per person (the database's limit), so one read, no pages.
 * Row-level security keeps it to their own; the filter says so too, for the index.
 */
export async function getSavedSearches(userId: string) {
  const { data, error } = await supabase
    .from('saved_searches')
    .select(
      'id, name, words, category, min_price, max_price, conditions, within_miles, email, paused, created_at, project:projects(id, title)',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data;
}

export type SavedSearch = Awaited<ReturnType<typeof getSavedSearches>>[number];

export function useSavedSearches(userId: string) {
  return useQuery({ queryKey: savedSearchKeys.list(userId), queryFn: () => getSavedSearches(userId) });
}
