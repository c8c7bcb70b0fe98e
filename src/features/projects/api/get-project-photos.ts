import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const SIGNED_URL_SECONDS = 3600;
const MAX_PHOTOS = 200;

export type PhotoType = 'before' | 'after';
export type ProjectPhoto = { name: string; path: string; url: string; type: PhotoType };

/**
 * Photos named after-… are "after" photos; everything else is "before" (before-… uploads and the pictures
 * attached when the project was posted, which show the space as it is).
 */
export function photoType(name: string): PhotoType {
  return name.startsWith('after-') ? 'after' : 'before';
}

/** Lists the project's folder in project-photos, then one signed link per photo (valid 3600 s). */
export async function getProjectPhotos(projectId: string): Promise<ProjectPhoto[]> {
  const bucket = supabase.storage.from('project-photos');
  const { data: files, error } = await bucket.list(projectId, {
    limit: MAX_PHOTOS,
    sortBy: { column: 'created_at', order: 'asc' },
  });
  if (error) throw error;
  const photos = files.filter((file) => file.id !== null && !file.name.startsWith('.'));
  if (photos.length === 0) return [];
  const paths = photos.map((file) => `${projectId}/${file.name}`);
  const { data: signed, error: signError } = await bucket.createSignedUrls(paths, SIGNED_URL_SECONDS);
  if (signError) throw signError;
  return photos.flatMap((file, index) => {
    const url = signed[index]?.signedUrl;
    return url ? [{ name: file.name, path: paths[index]!, url, type: photoType(file.name) }] : [];
  });
}

export function getProjectPhotosQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.photos(projectId),
    queryFn: () => getProjectPhotos(projectId),
    // Refresh well before the links expire.
    staleTime: (SIGNED_URL_SECONDS / 2) * 1000,
    refetchInterval: (SIGNED_URL_SECONDS / 2) * 1000,
  });
}

export function useProjectPhotos(projectId: string) {
  return useQuery(getProjectPhotosQueryOptions(projectId));
}
