import { supabase } from '@/lib/supabase';

/** Projects' photos: a private bucket, one folder per project ({projectId}/{file}). */
export const PROJECT_PHOTOS_BUCKET = 'project-photos';

export type SignedPhoto = { name: string; path: string; url: string };

/**
 * The photos of a project's folder that `keep` accepts (by file name), `limit` of them in the given order, each
 * with a signed link valid `seconds`. Storage policies decide what the viewer may list (docs/decisions/0017 for
 * the portfolio's view). A file whose link could not be made is left out.
 */
export async function signedProjectPhotos(
  projectId: string,
  {
    limit,
    sortBy,
    keep,
    seconds,
  }: {
    limit: number;
    sortBy: { column: 'name' | 'created_at'; order: 'asc' | 'desc' };
    keep: (name: string) => boolean;
    seconds: number;
  },
): Promise<SignedPhoto[]> {
  const bucket = supabase.storage.from(PROJECT_PHOTOS_BUCKET);
  const { data, error } = await bucket.list(projectId, { limit, sortBy });
  if (error) throw error;
  const files = data.filter((file) => file.id !== null && keep(file.name));
  if (files.length === 0) return [];
  const paths = files.map((file) => `${projectId}/${file.name}`);
  const signed = await bucket.createSignedUrls(paths, seconds);
  if (signed.error) throw signed.error;
  return files.flatMap((file, index) => {
    const url = signed.data[index]?.signedUrl;
    return url ? [{ name: file.name, path: paths[index]!, url }] : [];
  });
}
