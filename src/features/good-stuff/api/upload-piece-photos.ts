import type { PiecePhoto } from '@/features/good-stuff/utils/piece-schema';
import { preparePhoto } from '@/lib/images/prepare-photo';
import { supabase } from '@/lib/supabase';

const BUCKET = 'catalog-images';

/** The object path of a public URL of the catalog-images bucket; null for any other URL. */
export function pieceImagePath(url: string): string | null {
  const marker = `/storage/v1/object/public/${BUCKET}/`;
  const at = url.indexOf(marker);
  return at === -1 ? null : decodeURIComponent(url.slice(at + marker.length));
}

/**
 * Uploads the picked files of `photos` (sized and re-encoded first) to catalog-images under the seller's folder ({userId}/, the bucket's policy)
 * and answers every photo's public URL in the form's order (cover first), with the paths uploaded now (to remove
 * if the listing then fails). A failed upload removes what this call uploaded and throws.
 */
export async function uploadPiecePhotos(
  userId: string,
  photos: readonly PiecePhoto[],
): Promise<{ urls: string[]; uploaded: string[] }> {
  const bucket = supabase.storage.from(BUCKET);
  const stamp = Date.now();
  const uploaded: string[] = [];
  const urls: string[] = [];
  try {
    for (const [index, photo] of photos.entries()) {
      if (!photo.file) {
        urls.push(photo.url);
        continue;
      }
      // Sized and WebP where the browser can (src/lib/images/prepare-photo.ts).
      const file = await preparePhoto(photo.file);
      const ext = (file.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';
      const path = `${userId}/${stamp}-${index}.${ext}`;
      const { error } = await bucket.upload(path, file, { contentType: file.type });
      if (error) throw error;
      uploaded.push(path);
      urls.push(bucket.getPublicUrl(path).data.publicUrl);
    }
  } catch (error) {
    await removePiecePhotos(uploaded);
    throw error;
  }
  return { urls, uploaded };
}

/** Removes objects no listing uses any more; best effort (a leftover object costs storage, not correctness). */
export async function removePiecePhotos(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await supabase.storage
    .from(BUCKET)
    .remove([...paths])
    .catch(() => undefined);
}
