import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CATALOG_CATEGORIES, type CatalogCategory } from '@/features/catalog/api/get-catalog-items';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { requiredPlaceSchema } from '@/lib/places/place-schema';
import { catalogKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** A vintage listing: title, category, description, price, condition, location required; price numeric. */
export const catalogItemInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
    category: z
      .string()
      .refine(
        (v): v is CatalogCategory => (CATALOG_CATEGORIES as readonly string[]).includes(v),
        'Category is required',
      ),
    description: z
      .string()
      .trim()
      .min(1, 'Description is required')
      .max(1000, 'Description must be at most 1000 characters'),
    price: z
      .string()
      .trim()
      .min(1, 'Price is required')
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'Price must be a number')
      .transform(Number),
    condition: z.string().trim().min(1, 'Condition is required').max(50, 'Condition must be at most 50 characters'),
    // The location field's text and chosen place (PlaceField).
    location: requiredPlaceSchema,
    photo: z
      .instanceof(File)
      .nullable()
      .refine((f) => f === null || IMAGE_TYPES.includes(f.type), 'Only JPEG, PNG, GIF, and WebP images are allowed')
      .refine((f) => f === null || f.size <= 5 * 1024 * 1024, 'File size must be less than 5MB'),
  })
  .transform(({ location, ...rest }) => ({ ...rest, ...location }));
export type CatalogItemValues = z.output<typeof catalogItemInputSchema>;

/**
 * Uploads the first photo to catalog-images under {userId}/ and inserts the listing with its location and place
 * (docs/decisions/0024-places.md). `dimensions` (required, and until places the only home of the location:
 * docs/decisions/0012) still gets the location, as the form has no dimensions field.
 */
export async function createCatalogItem(userId: string, values: CatalogItemValues): Promise<void> {
  let imageUrl: string | null = null;
  if (values.photo) {
    const ext = (values.photo.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';
    const path = `${userId}/${Date.now()}.${ext}`;
    const bucket = supabase.storage.from('catalog-images');
    const { error } = await bucket.upload(path, values.photo, { contentType: values.photo.type });
    if (error) throw error;
    imageUrl = bucket.getPublicUrl(path).data.publicUrl;
  }
  const { error } = await supabase.from('catalog_items').insert({
    designer_id: userId,
    title: values.title,
    description: values.description,
    category: values.category,
    price: values.price,
    location: values.location,
    place_id: values.place_id,
    dimensions: values.location,
    condition: values.condition,
    image_url: imageUrl,
    is_available: true,
  });
  if (error) throw error;
}

export function useCreateCatalogItem(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<void, CatalogItemValues> = {},
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
