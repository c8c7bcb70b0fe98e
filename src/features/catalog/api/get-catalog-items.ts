import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Enums } from '@/types/database';

export type CatalogCategory = Enums<'catalog_category'>;
export const CATALOG_CATEGORIES: readonly CatalogCategory[] = [
  'couch',
  'chair',
  'table',
  'desk',
  'bed',
  'dresser',
  'cabinet',
  'lighting',
  'decor',
  'other',
];
export const CATALOG_PAGE_SIZE = 24;

/** The columns of a Good Stuff card (`location`: where the piece is, ADR 0012 as amended by 0024). */
export const CATALOG_CARD_COLUMNS =
  'id, designer_id, title, description, category, price, dimensions, condition, image_url, location, created_at';

type CatalogRow = {
  id: string;
  designer_id: string;
  title: string;
  description: string | null;
  category: CatalogCategory;
  price: number;
  dimensions: string;
  condition: string;
  image_url: string | null;
  location: string | null;
  created_at: string;
  distance_miles: number | null;
};

/** A Good Stuff card: the piece, its distance from the viewer in whole miles (null: not measured) and its lister. */
export type CatalogItem = CatalogRow & { lister: string };

/** Adds each piece's lister's public name, from designer_profiles (a profiles embed is private). */
export async function withListers(rows: CatalogRow[]): Promise<CatalogItem[]> {
  const ids = [...new Set(rows.map((item) => item.designer_id))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const listers = await supabase.from('designer_profiles').select('user_id, full_name, username').in('user_id', ids);
    if (listers.error) throw listers.error;
    for (const l of listers.data) names.set(l.user_id, l.full_name ?? l.username ?? 'Designer');
  }
  return rows.map((item) => ({ ...item, lister: names.get(item.designer_id) ?? 'Designer' }));
}

/**
 * Available catalog_items, newest first, optionally one category, paged (served by the partial indexes on
 * (created_at) and (category, created_at)): the market as seen from nowhere, without distances.
 */
export async function getCatalogPage(category: CatalogCategory | 'all', page: number): Promise<CatalogItem[]> {
  let query = supabase.from('catalog_items').select(CATALOG_CARD_COLUMNS).eq('is_available', true);
  if (category !== 'all') query = query.eq('category', category);
  const from = page * CATALOG_PAGE_SIZE;
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + CATALOG_PAGE_SIZE - 1);
  if (error) throw error;
  return withListers(data.map((item) => ({ ...item, distance_miles: null })));
}

export function useCatalogItems(category: CatalogCategory | 'all', options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: catalogKeys.list(category),
      queryFn: ({ pageParam }) => getCatalogPage(category, pageParam),
      initialPageParam: 0,
      getNextPageParam: (lastPage, _pages, lastPageParam) =>
        lastPage.length === CATALOG_PAGE_SIZE ? lastPageParam + 1 : undefined,
    }),
    enabled: options.enabled ?? true,
  });
}
