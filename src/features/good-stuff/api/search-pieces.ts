import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE, type PieceCategory } from '@/features/good-stuff/utils/piece-fields';
import type { PieceFilters } from '@/features/good-stuff/utils/search-params';
import type { Coordinates } from '@/lib/geo';
import { keysetPages } from '@/lib/keyset-cursor';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A piece as the market lists it (search_catalog_items), with its seller and its distance from the viewer. */
export type PieceCard = {
  id: string;
  designer_id: string;
  title: string;
  price: number;
  category: PieceCategory;
  condition: string;
  photo_urls: string[];
  image_url: string | null;
  location: string | null;
  created_at: string;
  status: string;
  reserved_until: string | null;
  held_until: string | null;
  seller_name: string | null;
  seller_avatar_url: string | null;
  /** Whole miles from the viewer; null when either side has no place. */
  distance_miles: number | null;
  /** The keyset value of the row in the chosen sort: the next page starts after (sort_key, id). */
  sort_key: string;
};

export type PieceSearchCursor = { sort_key: string; id: string };

/**
 * One page of the market (rpc search_catalog_items): available pieces matching the words (full text, title above
 * description, plurals and accents folded) and the filters, in the chosen order, after `after` (keyset paging: the
 * last row's sort_key and id). The viewer's place measures distances and serves the distance filter and sort.
 */
export async function searchPieces(
  filters: PieceFilters,
  origin: Coordinates | null,
  after: PieceSearchCursor | null,
): Promise<PieceCard[]> {
  const { data, error } = await supabase.rpc('search_catalog_items', {
    q: filters.q || undefined,
    category: filters.category ?? undefined,
    min_price: filters.minPrice ?? undefined,
    max_price: filters.maxPrice ?? undefined,
    conditions: filters.conditions.length > 0 ? filters.conditions : undefined,
    within_miles: origin ? (filters.within ?? undefined) : undefined,
    near_lat: origin?.latitude,
    near_lng: origin?.longitude,
    sort: filters.sort,
    after_sort_key: after?.sort_key,
    after_id: after?.id,
    page_size: CATALOG_PAGE_SIZE,
  });
  if (error) throw error;
  return data as PieceCard[];
}

export function getSearchPiecesQueryOptions(filters: PieceFilters, origin: Coordinates | null) {
  const near = origin ? { latitude: origin.latitude, longitude: origin.longitude } : null;
  return infiniteQueryOptions({
    queryKey: pieceKeys.search({ ...filters, near }),
    queryFn: ({ pageParam }) => searchPieces(filters, near, pageParam),
    ...keysetPages(CATALOG_PAGE_SIZE, ({ sort_key, id }: PieceCard): PieceSearchCursor => ({ sort_key, id })),
  });
}

/** The market for `filters`; the previous results stay on screen while new filters load. */
export function useSearchPieces(filters: PieceFilters, origin: Coordinates | null, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...getSearchPiecesQueryOptions(filters, origin),
    enabled,
    placeholderData: keepPreviousData,
  });
}
