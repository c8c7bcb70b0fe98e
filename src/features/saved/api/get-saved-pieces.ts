import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { savedKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const SAVED_PAGE_SIZE = 24;

/** A price_drop notification's data (docs/notifications.md): the piece and its price before and after. */
const priceDropData = z.object({ item_id: z.string(), old_price: z.coerce.number() });

/**
 * The highest price each piece had before a drop since it was saved (its "was"), from the price drops the viewer
 * was told of (notifications of kind price_drop, which people cannot delete): one read for the page's pieces.
 */
async function priceBeforeDrops(userId: string, rows: { catalog_item_id: string; created_at: string }[]) {
  const was = new Map<string, number>();
  if (rows.length === 0) return was;
  const { data, error } = await supabase
    .from('notifications')
    .select('data, created_at')
    .eq('user_id', userId)
    .eq('kind', 'price_drop')
    .in(
      'data->>item_id',
      rows.map((row) => row.catalog_item_id),
    );
  if (error) throw error;
  const savedAt = new Map(rows.map((row) => [row.catalog_item_id, Date.parse(row.created_at)]));
  for (const drop of data) {
    const parsed = priceDropData.safeParse(drop.data);
    if (!parsed.success) continue;
    const { item_id: itemId, old_price: oldPrice } = parsed.data;
    if (Date.parse(drop.created_at) < (savedAt.get(itemId) ?? Infinity)) continue;
    was.set(itemId, Math.max(was.get(itemId) ?? 0, oldPrice));
  }
  return was;
}

/**
 * The viewer's saved pieces, last saved first, paged by range (served by the primary key (user_id, …) and the
 * piece's own key), each with the price it had before it dropped since saved (`was_price`, null: no drop, or the
 * price is back up). A piece its seller delisted is no longer readable: it comes back without its piece and the
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
  const was = await priceBeforeDrops(userId, data);
  return data.map((row) => {
    const before = was.get(row.catalog_item_id);
    return { ...row, was_price: row.item && before !== undefined && before > row.item.price ? before : null };
  });
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
