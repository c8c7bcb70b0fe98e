import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE, type CatalogCategory } from '@/features/catalog/catalog-fields';
import { afterCursor, nextCursor, type KeysetCursor } from '@/lib/keyset-cursor';
import { catalogKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type MyListing = {
  id: string;
  title: string;
  price: number;
  category: CatalogCategory;
  status: string;
  photo_urls: string[];
  image_url: string | null;
  reserved_until: string | null;
  held_until: string | null;
  saved_count: number;
  created_at: string;
};

const COLUMNS =
  'id, title, price, category, status, photo_urls, image_url, reserved_until, held_until, saved_count, created_at';

/** One page of the seller's own pieces of every status, newest first (keyset after the last row). */
export async function getMyListings(sellerId: string, after: KeysetCursor | null): Promise<MyListing[]> {
  let query = supabase.from('catalog_items').select(COLUMNS).eq('designer_id', sellerId);
  if (after) query = query.lte('created_at', after.created_at).or(afterCursor(after));
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(CATALOG_PAGE_SIZE);
  if (error) throw error;
  return data as MyListing[];
}

export function getMyListingsQueryOptions(sellerId: string) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.mine(sellerId),
    queryFn: ({ pageParam }) => getMyListings(sellerId, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (last) => nextCursor(last, CATALOG_PAGE_SIZE),
  });
}

export function useMyListings(sellerId: string) {
  return useInfiniteQuery(getMyListingsQueryOptions(sellerId));
}
