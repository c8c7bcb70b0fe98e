import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A piece the designer may propose, as the market lists it. */
export type BoardPieceChoice = {
  id: string;
  title: string;
  price: number;
  photo: string | null;
  sellerName: string | null;
  location: string | null;
};

/** Enough to choose from in a dialog; more words narrow it. */
export const PIECE_CHOICES = 8;

/**
 * Good Stuff's market for some words (rpc search_catalog_items, the market's own search: available pieces only,
 * full text with plurals and accents folded), newest first; no words lists the newest pieces. The board asks the
 * market itself rather than Good Stuff's feature (features never import each other); what the proposal holds is
 * filled in from the piece by the database.
 */
export async function searchBoardPieces(words: string): Promise<BoardPieceChoice[]> {
  const { data, error } = await supabase.rpc('search_catalog_items', {
    q: words.trim() || undefined,
    sort: 'newest',
    page_size: PIECE_CHOICES,
  });
  if (error) throw error;
  return data.flatMap((row) =>
    row.id && row.title && row.price !== null
      ? [
          {
            id: row.id,
            title: row.title,
            price: row.price,
            photo: row.photo_urls?.[0] ?? row.image_url,
            sellerName: row.seller_name,
            location: row.location,
          },
        ]
      : [],
  );
}

/** The pieces for `words` (already debounced by the caller); the previous choices stay while new ones load. */
export function useBoardPieces(projectId: string, words: string, { enabled }: { enabled: boolean }) {
  const key = words.trim();
  return useQuery({
    queryKey: projectKeys.boardPieces(projectId, key),
    queryFn: () => searchBoardPieces(key),
    enabled,
    placeholderData: keepPreviousData,
  });
}
