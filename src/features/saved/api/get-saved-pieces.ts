import { useInfiniteQuery } from '@tanstack/react-query';
import { savedKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const SAVED_PAGE_SIZE = 24;

/**
 * The viewer's saved pieces, last saved first, paged by range (served by the primary key (user_id, …) and the
 * piece's own key). A piece its seller delisted is no longer readable: it comes back without its piece and the
 * page says so, with Remove.
 */
export async function getSavedItemsPage(userId: string, page: number) {
  const { data, error } = await supabase
    .from('saved_items')
    .select(
      'catalog_item_id, created_at, item:catalog_items(id, title, price, category, status, photo_urls, image_url, reserved_until, held_until)',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('catalog_item_id', { ascending: false })
    .range(...pageRange(page, SAVED_PAGE_SIZE));
  if (error) throw error;
  return data;
}

export type SavedItem = Awaited<ReturnType<typeof getSavedItemsPage>>[number];

export function getSavedItemsQueryOptions(userId: string) {
  return numberedPagesQueryOptions(savedKeys.itemList(userId), SAVED_PAGE_SIZE, (page) =>
    getSavedItemsPage(userId, page),
  );
}

export function useSavedItems(userId: string) {
  return useInfiniteQuery(getSavedItemsQueryOptions(userId));
}
