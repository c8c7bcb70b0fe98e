import { removePiecePhotos, uploadPiecePhotos } from '@/features/good-stuff/api/upload-piece-photos';
import { pieceColumns, type PieceValues } from '@/features/good-stuff/utils/piece-schema';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Uploads the photos (cover first) to catalog-images under {userId}/ and inserts the listing with its photos,
 * dimensions, location and place (docs/decisions/0024-places.md). The database keeps image_url (the cover) and the
 * status (available) itself; `dimensions` is no longer written (it held the location: docs/decisions/0012).
 * Answers the new piece's id. When the insert is refused, the photos uploaded for it are removed.
 */
export async function createPiece(userId: string, values: PieceValues): Promise<string> {
  const { urls, uploaded } = await uploadPiecePhotos(userId, values.photos);
  const { data, error } = await supabase
    .from('catalog_items')
    .insert({ designer_id: userId, ...pieceColumns(values, urls) })
    .select('id')
    .single();
  if (error) {
    await removePiecePhotos(uploaded);
    throw error;
  }
  return data.id;
}

export function useCreatePiece(userId: string, callbacks: MutationCallbacks<string, PieceValues> = {}) {
  return useRefreshingMutation({
    mutationFn: (values: PieceValues) => createPiece(userId, values),
    refreshes: () => [pieceKeys.all],
    callbacks,
  });
}
