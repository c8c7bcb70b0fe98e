import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { Place } from '@/lib/places/place';
import { MIN_PLACE_QUERY, searchPlaces } from '@/lib/places/search-places';
import { placeKeys } from '@/lib/query-keys';

/**
 * Keystrokes closer together than this make one search. Short, so suggestions follow a keystroke within about
 * 50 ms on the local stack (the search itself takes a few ms).
 */
const PLACE_SEARCH_DEBOUNCE_MS = 30;
const PLACE_SUGGESTIONS = 8;

export type PlaceSearch = {
  /** The suggestions for the text being typed ([] under MIN_PLACE_QUERY characters, or when the search failed). */
  places: Place[];
  /** The last search answered for `query`, found `found` places (null while none has answered). */
  searched: { query: string; found: number } | null;
};

/**
 * The gazetteer's places for `typed` (docs/decisions/0024-places.md): one query per debounced text, keyed by it,
 * so only the answer for the text now searched is ever read. A query left behind by more typing loses its last
 * observer and TanStack Query aborts its request through the query's AbortSignal. While the next answer is on its
 * way the previous suggestions stay (no flicker); text too short to search shows none at once.
 */
export function usePlaceSearch(typed: string): PlaceSearch {
  const text = typed.trim();
  const settled = useDebouncedValue(text, PLACE_SEARCH_DEBOUNCE_MS);
  const enabled = text.length >= MIN_PLACE_QUERY && settled.length >= MIN_PLACE_QUERY;
  const query = useQuery({
    queryKey: placeKeys.search(settled),
    queryFn: ({ signal }) => searchPlaces(settled, { maxResults: PLACE_SUGGESTIONS, signal }),
    enabled,
    placeholderData: keepPreviousData,
    // The gazetteer changes with a migration, not while one types; a failed search just suggests nothing.
    staleTime: Infinity,
    retry: false,
  });
  if (!enabled || !query.data) return { places: [], searched: null };
  return {
    places: query.data,
    searched: query.isPlaceholderData ? null : { query: settled, found: query.data.length },
  };
}
