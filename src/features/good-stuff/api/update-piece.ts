import { pieceImagePath, removePiecePhotos, uploadPiecePhotos } from '@/features/good-stuff/api/upload-piece-photos';
import { pieceColumns, type PieceValues } from '@/features/good-stuff/utils/piece-schema';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Saves the seller's edit of their piece: new photos uploaded first, then the row (the policy lets only its seller
 * update it; no row back means it was not theirs or is gone, said as an error). Photos taken off the listing are then
 * removed from the seller's folder; when the update is refused, the ones uploaded for it are.
 */
export async function updatePiece(
  userId: string,
  itemId: string,
  previousPhotos: readonly string[],
  values: PieceValues,
): Promise<void> {
  const { urls, uploaded } = await uploadPiecePhotos(userId, values.photos);
  const { data, error } = await supabase
    .from('catalog_items')
    .update(pieceColumns(values, urls))
    .eq('id', itemId)
    .select('id');
  if (error || data.length === 0) {
    await removePiecePhotos(uploaded);
    throw error ?? new Error('This listing could not be changed');
  }
  const dropped = previousPhotos
    .filter((url) => !urls.includes(url))
    .map(pieceImagePath)
    .filter((path): path is string => path !== null && path.startsWith(`${userId}/`));
  await removePiecePhotos(dropped);
}

export function useUpdatePiece(
  userId: string,
  itemId: string,
  previousPhotos: readonly string[],
  callbacks: MutationCallbacks<void, PieceValues> = {},
) {
  return useRefreshingMutation({
    mutationFn: (values: PieceValues) => updatePiece(userId, itemId, previousPhotos, values),
    refreshes: () => [pieceKeys.all],
    callbacks,
  });
}
