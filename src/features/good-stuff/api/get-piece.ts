import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PieceCategory } from '@/features/good-stuff/utils/piece-fields';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/** The columns of the item page and of the edit form. */
const ITEM_COLUMNS =
  'id, designer_id, title, description, category, price, condition, photo_urls, image_url, location, place_id, ' +
  'width_in, depth_in, height_in, status, reserved_until, held_until, created_at, hidden_at, returned_at';

export type PieceDetail = {
  id: string;
  designer_id: string;
  title: string;
  description: string;
  category: PieceCategory;
  price: number;
  condition: string;
  photo_urls: string[];
  image_url: string | null;
  location: string | null;
  place_id: string | null;
  width_in: number | null;
  depth_in: number | null;
  height_in: number | null;
  status: string;
  reserved_until: string | null;
  held_until: string | null;
  created_at: string;
  /** Set when Good Space hid the piece: only its seller still reads it (docs/trust-and-safety.md). */
  hidden_at: string | null;
  /** Set when its buyer refused it at pickup: delisted until the seller edits it (docs/orders.md). */
  returned_at: string | null;
  /** The seller's public card (designer_profiles: a profiles embed is private). */
  seller: { id: string; name: string; location: string | null };
};

/**
 * One piece with its seller, or null when there is none the viewer may see (no such id, or another seller's
 * delisted piece: the policy hides it, so both read as not found).
 */
export async function getPiece(itemId: string): Promise<PieceDetail | null> {
  if (!isUuid(itemId)) return null;
  const { data, error } = await supabase.from('catalog_items').select(ITEM_COLUMNS).eq('id', itemId).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = data as unknown as Omit<PieceDetail, 'seller'>;
  const seller = await supabase
    .from('designer_profiles')
    .select('user_id, full_name, username, location')
    .eq('user_id', row.designer_id)
    .maybeSingle();
  if (seller.error) throw seller.error;
  return {
    ...row,
    // Pieces listed before photo_urls have their one photo in image_url.
    photo_urls: row.photo_urls.length > 0 ? row.photo_urls : row.image_url ? [row.image_url] : [],
    seller: {
      id: row.designer_id,
      name: seller.data?.full_name ?? seller.data?.username ?? 'Designer',
      location: seller.data?.location ?? null,
    },
  };
}

export function getPieceQueryOptions(itemId: string) {
  return queryOptions({ queryKey: pieceKeys.detail(itemId), queryFn: () => getPiece(itemId) });
}

export function usePiece(itemId: string) {
  return useQuery(getPieceQueryOptions(itemId));
}
