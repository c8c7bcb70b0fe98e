import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeCatalogPhotos, uploadCatalogPhotos } from '@/features/catalog/api/upload-catalog-photos';
import type { CatalogItemValues } from '@/features/catalog/catalog-item-schema';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { catalogKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Uploads the photos (cover first) to catalog-images under {userId}/ and inserts the listing with its photos,
 * dimensions, location and place (docs/decisions/0024-places.md). The database keeps image_url (the cover) and the
 * status (available) itself; `dimensions` is no longer written (it held the location: docs/decisions/0012).
 * Answers the new piece's id. When the insert is refused, the photos uploaded for it are removed.
 */
export async function createCatalogItem(userId: string, values: CatalogItemValues): Promise<string> {
  const { urls, uploaded } = await uploadCatalogPhotos(userId, values.photos);
  const { data, error } = await supabase
    .from('catalog_items')
    .insert({
      designer_id: userId,
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
    .select('id')
    .single();
  if (error) {
    await removeCatalogPhotos(uploaded);
    throw error;
  }
  return data.id;
}

export function useCreateCatalogItem(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<string, CatalogItemValues> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CatalogItemValues) => createCatalogItem(userId, values),
    onSuccess: async (data, values) => {
      await onSuccess?.(data, values);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError,
  });
}
