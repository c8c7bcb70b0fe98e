import { ORDER_PHOTOS_BUCKET, MAX_ORDER_PHOTO_BYTES } from '@/features/orders/utils/order-photos';
import { preparePhoto } from '@/lib/images/prepare-photo';
import { supabase } from '@/lib/supabase';

function extensionOf(file: File): string {
  return file.type === 'image/webp' ? 'webp' : file.type === 'image/png' ? 'png' : 'jpg';
}

/**
 * Uploads the photos of a refusal, a problem or a statement to the order's folder of the private order-photos
 * bucket ('<order id>/<uuid>.webp'), each sized and re-encoded as WebP first as listing photos are
 * (src/lib/images/prepare-photo.ts; a browser that cannot encode WebP keeps the original, and its extension).
 * Returns their paths for the database to check and keep. One failure removes the ones already up and throws: the
 * step goes with all its photos or not at all.
 */
export async function uploadOrderPhotos(orderId: string, files: readonly File[]): Promise<string[]> {
  const bucket = supabase.storage.from(ORDER_PHOTOS_BUCKET);
  const uploaded: string[] = [];
  try {
    for (const picked of files) {
      const file = await preparePhoto(picked);
      if (file.size > MAX_ORDER_PHOTO_BYTES) throw new Error(`${picked.name}: File size must be less than 5MB`);
      const path = `${orderId}/${crypto.randomUUID()}.${extensionOf(file)}`;
      const { error } = await bucket.upload(path, file, { contentType: file.type });
      if (error) throw new Error(`${picked.name}: Upload failed`);
      uploaded.push(path);
    }
  } catch (error) {
    await removeOrderPhotos(uploaded);
    throw error;
  }
  return uploaded;
}

/** Removes photos uploaded for a step the server then refused (the uploader may delete their own). */
export async function removeOrderPhotos(paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await supabase.storage.from(ORDER_PHOTOS_BUCKET).remove([...paths]);
}
