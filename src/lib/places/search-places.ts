import { loadSupabase } from '@/lib/supabase-loader';
import { toPlace, type Place } from '@/lib/places/place';

/** Fewer characters than this find nothing (search_places answers nothing for them either). */
export const MIN_PLACE_QUERY = 2;

/**
 * Places whose label starts with, or resembles, `query` (search_places: prefixes by population first, then
 * trigram matches). The client is loaded on demand: the landing page's sign-up forms use this before any page
 * has loaded supabase-js (docs/architecture.md, Performance rules).
 */
export async function searchPlaces(
  query: string,
  { maxResults = 8, signal }: { maxResults?: number; signal?: AbortSignal } = {},
): Promise<Place[]> {
  const supabase = await loadSupabase();
  let request = supabase.rpc('search_places', { query, max_results: maxResults });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return (data ?? []).map(toPlace);
}
