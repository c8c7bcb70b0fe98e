import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogImagePath,
  removeCatalogPhotos,
  uploadCatalogPhotos,
} from '@/features/catalog/api/upload-catalog-photos';
import type { CatalogItemValues } from '@/features/catalog/catalog-item-schema';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { catalogKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Saves the seller's edit of their piece: new photos uploaded first, then the row (the policy lets only its seller
 * update it; no row back means it was not theirs or is gone, said as an error). Photos taken off the listing are then
 * removed from the seller's folder; when the update is refused, the ones uploaded for it are.
 */
export async function updateCatalogItem(
  userId: string,
  itemId: string,
  previousPhotos: readonly string[],
  values: CatalogItemValues,
): Promise<void> {
  const { urls, uploaded } = await uploadCatalogPhotos(userId, values.photos);
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
    await removeCatalogPhotos(uploaded);
    throw error ?? new Error('This listing could not be changed');
  }
  const dropped = previousPhotos
    .filter((url) => !urls.includes(url))
    .map(catalogImagePath)
    .filter((path): path is string => path !== null && path.startsWith(`${userId}/`));
  await removeCatalogPhotos(dropped);
}

export function useUpdateCatalogItem(
  userId: string,
  itemId: string,
  previousPhotos: readonly string[],
  { onSuccess, onError }: MutationCallbacks<void, CatalogItemValues> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CatalogItemValues) => updateCatalogItem(userId, itemId, previousPhotos, values),
    onSuccess: async (data, values) => {
      await onSuccess?.(data, values);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError,
  });
}
