import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { boundingBox, type Coordinates } from '@/lib/geo';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const DESIGNERS_PAGE_SIZE = 24;

export const DESIGNER_CARD_COLUMNS =
  'user_id, full_name, username, bio, base_rate, rate_per_item, rate_per_sqft, specialties, experience_years, location, latitude, longitude';

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
  latitude: number | null;
  longitude: number | null;
};

export type DesignersFilter = {
  /** Only designers inside the box around this point (or without coordinates); the circle is checked by the caller. */
  near?: Coordinates | null;
};

/**
 * One page of available designers, newest first with the user id as tie-breaker so pages never overlap
 * (docs/decisions/0011). `near` adds a latitude/longitude box so the 100-mile rule is applied by the
 * database over all designers, not over the rows already loaded.
 */
export async function getDesignersPage(filter: DesignersFilter, page: number): Promise<DesignerCardRow[]> {
  let query = supabase.from('designer_profiles').select(DESIGNER_CARD_COLUMNS).eq('availability_status', 'available');
  if (filter.near) {
    const box = boundingBox(filter.near);
    query = query.or(
      `latitude.is.null,longitude.is.null,and(latitude.gte.${box.minLatitude},latitude.lte.${box.maxLatitude},longitude.gte.${box.minLongitude},longitude.lte.${box.maxLongitude})`,
    );
  }
  const from = page * DESIGNERS_PAGE_SIZE;
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('user_id', { ascending: false })
    .range(from, from + DESIGNERS_PAGE_SIZE - 1);
  if (error) throw error;
  return data as DesignerCardRow[];
}

export function getDesignersInfiniteQueryOptions(filter: DesignersFilter) {
  const near = filter.near ? { latitude: filter.near.latitude, longitude: filter.near.longitude } : null;
  return infiniteQueryOptions({
    queryKey: designerKeys.list({ near }),
    queryFn: ({ pageParam }) => getDesignersPage({ near }, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.length === DESIGNERS_PAGE_SIZE ? lastPageParam + 1 : undefined,
  });
}

export function useDesigners(filter: DesignersFilter, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getDesignersInfiniteQueryOptions(filter), enabled: options.enabled ?? true });
}
