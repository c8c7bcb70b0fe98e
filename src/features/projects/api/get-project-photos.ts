import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { signedProjectPhotos } from '@/lib/project-photos-bucket';

const SIGNED_URL_SECONDS = 3600;
const MAX_PHOTOS = 200;

export type PhotoType = 'before' | 'after';
export type ProjectPhoto = { name: string; path: string; url: string; type: PhotoType };

/**
 * Photos named after-… are "after" photos; everything else is "before" (before-… uploads and the pictures
 * attached when the project was posted, which show the space as it is).
 */
function photoType(name: string): PhotoType {
  return name.startsWith('after-') ? 'after' : 'before';
}

/** Lists the project's folder in project-photos, then one signed link per photo (valid 3600 s). */
export async function getProjectPhotos(projectId: string): Promise<ProjectPhoto[]> {
  const photos = await signedProjectPhotos(projectId, {
    limit: MAX_PHOTOS,
    sortBy: { column: 'created_at', order: 'asc' },
    keep: (name) => !name.startsWith('.'),
    seconds: SIGNED_URL_SECONDS,
  });
  return photos.map((photo) => ({ ...photo, type: photoType(photo.name) }));
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
