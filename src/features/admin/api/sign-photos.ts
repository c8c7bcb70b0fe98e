import { supabase } from '@/lib/supabase';

/** How long the console's photo links work; a page that shows them reads its data again before they lapse. */
export const SIGNED_PHOTO_SECONDS = 600;

/** A photo of a submission, a statement or a refusal: its path in the bucket and its signed link (null if none). */
export type SignedPhoto = { path: string; url: string | null };

/**
 * Signed links for photos in a private bucket (milestone-photos, order-photos: operators read all of them), in one
 * request. Returns a function from paths to signed photos.
 */
export async function signPhotos(bucket: string, paths: string[]): Promise<(paths: string[]) => SignedPhoto[]> {
  const unique = [...new Set(paths)];
  const urls = new Map<string, string>();
  if (unique.length > 0) {
    const { data, error } = await supabase.storage.from(bucket).createSignedUrls(unique, SIGNED_PHOTO_SECONDS);
    if (error) throw error;
    for (const d of data) if (d.path && d.signedUrl) urls.set(d.path, d.signedUrl);
  }
  return (wanted) => wanted.map((path) => ({ path, url: urls.get(path) ?? null }));
}
