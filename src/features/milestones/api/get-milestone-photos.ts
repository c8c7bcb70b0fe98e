import { useQuery } from '@tanstack/react-query';
import { MILESTONE_PHOTOS_BUCKET } from '@/features/milestones/utils/milestone-photos';
import { milestoneKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Links of the private bucket are valid this long (docs/product.md, Limits: photo link validity). */
const SIGNED_SECONDS = 3600;

export type SignedMilestonePhoto = { path: string; url: string };

/**
 * Signed links to the photos of a submission or a statement; the bucket's policies let only the project's two
 * parties (and operators) read them. A photo whose link could not be made is left out.
 */
export async function getMilestonePhotos(paths: readonly string[]): Promise<SignedMilestonePhoto[]> {
  if (paths.length === 0) return [];
  const { data, error } = await supabase.storage
    .from(MILESTONE_PHOTOS_BUCKET)
    .createSignedUrls([...paths], SIGNED_SECONDS);
  if (error) throw error;
  return paths.flatMap((path, index) => {
    const url = data[index]?.signedUrl;
    return url ? [{ path, url }] : [];
  });
}

export function useMilestonePhotos(paths: readonly string[]) {
  return useQuery({
    queryKey: milestoneKeys.photos(paths),
    queryFn: () => getMilestonePhotos(paths),
    enabled: paths.length > 0,
    // Read again well before the links run out.
    staleTime: (SIGNED_SECONDS / 2) * 1000,
  });
}
