import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

export const COMPLETED_PAGE_SIZE = 6;
const PHOTO_LINK_SECONDS = 3600;

/**
 * SPEC §7 projects "select by designer_id and status completed newest first". RLS decides who sees which:
 * the designer sees all of theirs, a customer only their own project with this designer.
 */
export async function getCompletedProjectsPage(designerId: string, page: number) {
  const from = page * COMPLETED_PAGE_SIZE;
  const { data, error } = await supabase
    .from('projects')
    .select(
      'id, title, description, location, space_size, budget, budget_type, preferred_style, completed_at, created_at',
    )
    .eq('designer_id', designerId)
    .eq('status', 'completed')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + COMPLETED_PAGE_SIZE - 1);
  if (error) throw error;
  return data;
}

export type CompletedProject = Awaited<ReturnType<typeof getCompletedProjectsPage>>[number];

export function useCompletedProjects(designerId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: designerKeys.completedProjects(designerId),
      queryFn: ({ pageParam }) => getCompletedProjectsPage(designerId, pageParam),
      initialPageParam: 0,
      getNextPageParam: (lastPage, _pages, lastPageParam) =>
        lastPage.length === COMPLETED_PAGE_SIZE ? lastPageParam + 1 : undefined,
    }),
  );
}

export type ProjectPhoto = { name: string; url: string; type: 'before' | 'after' };

/** Before/after photos of a project (name prefix marks the type), as signed links valid 3600 s. */
export async function getProjectPhotos(projectId: string): Promise<ProjectPhoto[]> {
  const bucket = supabase.storage.from('project-photos');
  const { data, error } = await bucket.list(projectId, { limit: 100, sortBy: { column: 'name', order: 'asc' } });
  if (error) throw error;
  const files = data.filter((f) => f.id !== null && (f.name.startsWith('before-') || f.name.startsWith('after-')));
  if (files.length === 0) return [];
  const signed = await bucket.createSignedUrls(
    files.map((f) => `${projectId}/${f.name}`),
    PHOTO_LINK_SECONDS,
  );
  if (signed.error) throw signed.error;
  return files.flatMap((file, index) => {
    const url = signed.data[index]?.signedUrl;
    return url ? [{ name: file.name, url, type: file.name.startsWith('before-') ? 'before' : 'after' } as const] : [];
  });
}

export function useProjectPhotos(designerId: string, projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...designerKeys.completedProjects(designerId), projectId, 'photos'],
      queryFn: () => getProjectPhotos(projectId),
      // Signed links last an hour; refresh well before.
      staleTime: 30 * 60_000,
    }),
  );
}
