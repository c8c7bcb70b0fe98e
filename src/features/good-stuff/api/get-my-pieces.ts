import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE, type PieceCategory } from '@/features/good-stuff/utils/piece-fields';
import { keysetPage, keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export type MyPiece = {
  id: string;
  title: string;
  price: number;
  category: PieceCategory;
  status: string;
  photo_urls: string[];
  image_url: string | null;
  reserved_until: string | null;
  held_until: string | null;
  saved_count: number;
  created_at: string;
  /** Set when Good Space hid the piece from Good Stuff (docs/trust-and-safety.md). */
  hidden_at: string | null;
};

const COLUMNS =
  'id, title, price, category, status, photo_urls, image_url, reserved_until, held_until, saved_count, created_at, hidden_at';

/** One page of the seller's own pieces of every status, newest first (keyset after the last row). */
export async function getMyPieces(sellerId: string, after: KeysetCursor | null): Promise<MyPiece[]> {
  const query = supabase.from('catalog_items').select(COLUMNS).eq('designer_id', sellerId);
  const { data, error } = await keysetPage(query, after, CATALOG_PAGE_SIZE);
  if (error) throw error;
  return data as MyPiece[];
}

export function getMyPiecesQueryOptions(sellerId: string) {
  return infiniteQueryOptions({
    queryKey: pieceKeys.mine(sellerId),
    queryFn: ({ pageParam }) => getMyPieces(sellerId, pageParam),
    ...keysetPages<MyPiece>(CATALOG_PAGE_SIZE),
  });
}

export function useMyPieces(sellerId: string) {
  return useInfiniteQuery(getMyPiecesQueryOptions(sellerId));
}
