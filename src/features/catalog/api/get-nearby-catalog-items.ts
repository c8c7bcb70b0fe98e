import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  CATALOG_CARD_COLUMNS,
  CATALOG_PAGE_SIZE,
  withListers,
  type CatalogCategory,
  type CatalogItem,
} from '@/features/catalog/api/get-catalog-items';
import type { Coordinates } from '@/lib/geo';
import { catalogKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The distances Good Stuff offers, in whole miles (docs/product.md, Good Stuff). */
export const CATALOG_DISTANCES = [25, 50, 100] as const;
export type CatalogDistance = (typeof CATALOG_DISTANCES)[number];

/** Where the next page starts: the last row of the one before (docs/decisions/0024-places.md, Distance reads). */
export type NearbyCatalogCursor = Pick<CatalogItem, 'id' | 'distance_miles'>;

export type NearbyCatalogFilter = {
  origin: Coordinates;
  /** Only pieces this close (placed ones only); null: every piece, those without a place last. */
  withinMiles: CatalogDistance | null;
  category: CatalogCategory | 'all';
};

/**
 * One page of available Good Stuff nearest first from the viewer (rpc nearby_catalog_items): the database measures,
 * cuts at `withinMiles` and narrows to the category. Keyset paging after the last row's (distance_miles, id); past
 * the measured pieces, after its id alone.
 */
export async function getNearbyCatalogPage(
  { origin, withinMiles, category }: NearbyCatalogFilter,
  after: NearbyCatalogCursor | null,
): Promise<CatalogItem[]> {
  const { data, error } = await supabase
    .rpc('nearby_catalog_items', {
      origin_latitude: origin.latitude,
      origin_longitude: origin.longitude,
      within_miles: withinMiles ?? undefined,
      item_category: category === 'all' ? undefined : category,
      after_miles: after?.distance_miles ?? undefined,
      after_id: after?.id,
      page_size: CATALOG_PAGE_SIZE,
    })
    .select(`${CATALOG_CARD_COLUMNS}, distance_miles`)
    .order('distance_miles', { ascending: true, nullsFirst: false })
    .order('id', { ascending: true });
  if (error) throw error;
  return withListers(data);
}

export function getNearbyCatalogQueryOptions(filter: NearbyCatalogFilter) {
  const { origin, withinMiles, category } = filter;
  const near = { latitude: origin.latitude, longitude: origin.longitude };
  return infiniteQueryOptions({
    queryKey: [...catalogKeys.list(category), 'near', near, withinMiles] as const,
    queryFn: ({ pageParam }) => getNearbyCatalogPage({ origin: near, withinMiles, category }, pageParam),
    initialPageParam: null as NearbyCatalogCursor | null,
    getNextPageParam: (last): NearbyCatalogCursor | undefined => {
      const row = last.at(-1);
      return last.length === CATALOG_PAGE_SIZE && row ? { id: row.id, distance_miles: row.distance_miles } : undefined;
    },
  });
}

/** Without an origin nothing is read (the grid reads the market newest first instead). */
export function useNearbyCatalogItems(
  filter: Omit<NearbyCatalogFilter, 'origin'> & { origin: Coordinates | null },
  { enabled = true }: { enabled?: boolean } = {},
) {
  const origin = filter.origin ?? { latitude: 0, longitude: 0 };
  return useInfiniteQuery({
    ...getNearbyCatalogQueryOptions({ ...filter, origin }),
    enabled: enabled && filter.origin !== null,
    placeholderData: keepPreviousData,
  });
}
