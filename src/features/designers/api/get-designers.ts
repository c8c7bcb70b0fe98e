import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Coordinates } from '@/lib/geo';
import { keysetPages } from '@/lib/keyset-cursor';
import { distancePageArgs, nearestOrNewest } from '@/lib/places/distance-pages';
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
 * A designer of the directory with their distance from the customer in whole miles (null without an origin or
 * without a place) and which rule chose the list: true when only designers within 100 miles (and those without a
 * place) are listed, false when none lies within 100 miles and all are, null without an origin.
 */
export type DirectoryDesigner = DesignerCardRow & {
  created_at: string;
  distance_miles: number | null;
  within_reach: boolean | null;
};

/** Where the next page starts: the last row of the one before (docs/places.md, "Distance reads"). */
export type DesignersCursor = Pick<DirectoryDesigner, 'user_id' | 'created_at' | 'distance_miles'>;

/** Which designers a directory lists from an origin: those within 100 miles (else all), or all of them. */
export type DesignerReach = 'near' | 'all';

/**
 * One page of available designers (rpc nearby_designers). From an origin: nearest first, those farther than 100
 * miles left out unless none is nearer (`reach` 'near', /designers) or never (`reach` 'all', Browse Designers),
 * those without a place last; without one: newest first. The database
 * applies the rule over every designer, not over a loaded page. Keyset paging: a page starts after the last row of
 * the one before ((distance_miles, user_id) from an origin, (created_at, user_id) without).
 */
export async function getDesignersPage(
  origin: Coordinates | null,
  after: DesignersCursor | null,
  reach: DesignerReach = 'near',
): Promise<DirectoryDesigner[]> {
  const query = supabase
    .rpc('nearby_designers', {
      ...distancePageArgs(origin, after, after?.user_id, DESIGNERS_PAGE_SIZE),
      near_only: reach === 'near',
    })
    .select(`${DESIGNER_CARD_COLUMNS}, created_at, distance_miles, within_reach`);
  const { data, error } = await nearestOrNewest(query, origin, 'user_id');
  if (error) throw error;
  return data;
}

export function getDesignersInfiniteQueryOptions(origin: Coordinates | null, reach: DesignerReach = 'near') {
  const near = origin ? { latitude: origin.latitude, longitude: origin.longitude } : null;
  return infiniteQueryOptions({
    queryKey: designerKeys.list({ near, reach }),
    queryFn: ({ pageParam }) => getDesignersPage(near, pageParam, reach),
    ...keysetPages(
      DESIGNERS_PAGE_SIZE,
      ({ user_id, created_at, distance_miles }: DirectoryDesigner): DesignersCursor => ({
        user_id,
        created_at,
        distance_miles,
      }),
    ),
  });
}

/**
 * The directory from `origin`. Until `enabled`, nothing is read; when the origin changes, the list on screen stays
 * until the new one replaces it.
 */
export function useDesigners(
  origin: Coordinates | null,
  { enabled = true, reach = 'near' }: { enabled?: boolean; reach?: DesignerReach } = {},
) {
  return useInfiniteQuery({
    ...getDesignersInfiniteQueryOptions(origin, reach),
    enabled,
    placeholderData: keepPreviousData,
  });
}
