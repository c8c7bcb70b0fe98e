import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Coordinates } from '@/lib/geo';
import { keysetPages } from '@/lib/keyset-cursor';
import { ANY_STYLE, type DesignerFilters } from '@/features/designers/utils/designer-search-params';
import { nearestOrNewest, type Orderable } from '@/lib/places/distance-pages';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const DESIGNERS_PAGE_SIZE = 24;

export const DESIGNER_CARD_COLUMNS =
  'user_id, full_name, username, bio, base_rate, rate_per_item, rate_per_sqft, specialties, experience_years, location, verified';

export type DesignerCardRow = {
  user_id: string;
  full_name: string | null;
  username: string | null;
  bio: string | null;
  base_rate: number;
  rate_per_item: number;
  rate_per_sqft: number;
  specialties: string[];
  experience_years: number;
  location: string | null;
  /** The verified badge, 'student' | 'pro' | null (docs/trust-and-safety.md); older answers may lack it. */
  verified?: string | null;
};

/**
 * A designer of the directory with their rating (the visible reviews' average to one decimal, null without one) and
 * count, their distance from the customer in whole miles (null without an origin or without a place) and which rule
 * chose the list: true when a distance cut it (the filter, or /designers' 100 miles), false when every designer
 * that matches is listed, null without an origin.
 */
export type DirectoryDesigner = DesignerCardRow & {
  created_at: string;
  rating: number | null;
  review_count: number;
  distance_miles: number | null;
  within_reach: boolean | null;
};

/** Where the next page starts: the last row's key of each order (docs/places.md, "Designer filters"). */
export type DesignersCursor = Pick<
  DirectoryDesigner,
  'user_id' | 'created_at' | 'distance_miles' | 'rating' | 'base_rate'
>;

/** Which designers a directory lists from an origin: those within 100 miles (else all), or all of them. */
export type DesignerReach = 'near' | 'all';

/** The filters as the rpc takes them; a style of 'any' or none is no style, a distance needs an origin. */
function searchArgs(filters: DesignerFilters, origin: Coordinates | null) {
  const style = filters.style && filters.style !== ANY_STYLE ? filters.style : undefined;
  return {
    style,
    min_rate: filters.minRate ?? undefined,
    max_rate: filters.maxRate ?? undefined,
    min_rating: filters.minRating ?? undefined,
    verified_only: filters.verified,
    within_miles: origin ? (filters.within ?? undefined) : undefined,
    origin_latitude: origin?.latitude,
    origin_longitude: origin?.longitude,
    sort: filters.sort,
  };
}

/** The order the rpc returns, stated again for PostgREST (the keyset follows it). */
function ordered<Query extends Orderable<Query>>(query: Query, filters: DesignerFilters, origin: Coordinates | null) {
  if (filters.sort === 'rating')
    return query.order('rating', { ascending: false, nullsFirst: false }).order('user_id', { ascending: true });
  if (filters.sort === 'rate')
    return query.order('base_rate', { ascending: true }).order('user_id', { ascending: true });
  return nearestOrNewest(query, origin, 'user_id');
}

/**
 * One page of available designers (rpc search_designers), filtered and ordered by the database: nearest first from
 * an origin (those without a place last; `reach` 'near' keeps /designers' rule, within 100 miles unless none is
 * nearer), newest first without one; or by rating or rate. Keyset paging: a page starts after the last row of the
 * one before.
 */
export async function getDesignersPage(
  origin: Coordinates | null,
  filters: DesignerFilters,
  after: DesignersCursor | null,
  reach: DesignerReach = 'near',
): Promise<DirectoryDesigner[]> {
  const query = supabase
    .rpc('search_designers', {
      ...searchArgs(filters, origin),
      after: after ?? undefined,
      page_size: DESIGNERS_PAGE_SIZE,
      near_only: reach === 'near',
    })
    .select(`${DESIGNER_CARD_COLUMNS}, created_at, rating, review_count, distance_miles, within_reach`);
  const { data, error } = await ordered(query, filters, origin);
  if (error) throw error;
  return data;
}

export function getDesignersInfiniteQueryOptions(
  origin: Coordinates | null,
  filters: DesignerFilters,
  reach: DesignerReach = 'near',
) {
  const near = origin ? { latitude: origin.latitude, longitude: origin.longitude } : null;
  return infiniteQueryOptions({
    queryKey: designerKeys.list({ near, reach, ...searchArgs(filters, near) }),
    queryFn: ({ pageParam }) => getDesignersPage(near, filters, pageParam, reach),
    ...keysetPages(
      DESIGNERS_PAGE_SIZE,
      ({ user_id, created_at, distance_miles, rating, base_rate }: DirectoryDesigner): DesignersCursor => ({
        user_id,
        created_at,
        distance_miles,
        rating,
        base_rate,
      }),
    ),
  });
}

/**
 * The directory from `origin` with `filters`. Until `enabled`, nothing is read; when the origin or a filter
 * changes, the list on screen stays until the new one replaces it.
 */
export function useDesigners(
  origin: Coordinates | null,
  filters: DesignerFilters,
  { enabled = true, reach = 'near' }: { enabled?: boolean; reach?: DesignerReach } = {},
) {
  return useInfiniteQuery({
    ...getDesignersInfiniteQueryOptions(origin, filters, reach),
    enabled,
    placeholderData: keepPreviousData,
  });
}
