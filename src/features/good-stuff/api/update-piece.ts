import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pieceImagePath,
  removePiecePhotos,
  uploadPiecePhotos,
} from '@/features/good-stuff/api/upload-piece-photos';
import type { PieceValues } from '@/features/good-stuff/utils/piece-schema';
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
    .update({
      title: values.title,
      description: values.description,
      category: values.category,
      price: values.price,
      condition: values.condition,
      location: values.location,
      place_id: values.place_id,
      photo_urls: urls,
      width_in: values.width_in,
      depth_in: values.depth_in,
      height_in: values.height_in,
    })
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
  { onSuccess, onError }: MutationCallbacks<void, PieceValues> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PieceValues) => updatePiece(userId, itemId, previousPhotos, values),
    onSuccess: async (data, values) => {
      await onSuccess?.(data, values);
      await queryClient.invalidateQueries({ queryKey: pieceKeys.all });
    },
    onError,
  });
}
