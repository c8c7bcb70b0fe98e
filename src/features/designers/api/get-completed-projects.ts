import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { signedProjectPhotos } from '@/lib/project-photos-bucket';
import { designerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const COMPLETED_PAGE_SIZE = 6;
const PHOTO_LINK_SECONDS = 3600;

/**
 * One row of rpc portfolio_projects (docs/decisions/0017): only what the portfolio may show. `place` is city
 * level or null; budget, budget_type and items_total are null unless the customer agreed to show what it cost
 * (or the viewer is one of the project's parties); is_public is false only for the parties' own view of a
 * project the customer has not agreed to show.
 */
const portfolioProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  place: z.string().nullable(),
  space_size: z.number(),
  preferred_style: z.string().nullable(),
  completed_at: z.string(),
  budget: z.number().nullable(),
  budget_type: z.enum(['soft', 'hard']).nullable(),
  items_total: z.number().nullable(),
  is_public: z.boolean(),
  costs_public: z.boolean(),
});

export type CompletedProject = z.infer<typeof portfolioProjectSchema>;

/**
 * The designer's completed projects, newest completion first, through the portfolio read path:
 * every signed-in user sees the consented ones; the designer and the customer also their own others.
 */
export async function getCompletedProjectsPage(
  designerId: string,
  after: KeysetCursor<'completed_at'> | null,
): Promise<CompletedProject[]> {
  const { data, error } = await supabase.rpc('portfolio_projects', {
    designer_id: designerId,
    page_size: COMPLETED_PAGE_SIZE,
    ...(after ? { after_completed_at: after.completed_at, after_id: after.id } : {}),
  });
  if (error) throw error;
  return z.array(portfolioProjectSchema).parse(data);
}

export function useCompletedProjects(designerId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: designerKeys.completedProjects(designerId),
      queryFn: ({ pageParam }) => getCompletedProjectsPage(designerId, pageParam),
      ...keysetPages(COMPLETED_PAGE_SIZE, (row: CompletedProject): KeysetCursor<'completed_at'> => ({
        completed_at: row.completed_at,
        id: row.id,
      })),
    }),
  );
}

export type ProjectPhoto = { name: string; url: string; type: 'before' | 'after' };

/**
 * Before/after photos of a project (name prefix marks the type), as signed links valid 3600 s. Storage policies
 * decide what a viewer may list: everything for the parties, the before/after photos of a consented project for
 * other signed-in users, nothing otherwise.
 */
export async function getProjectPhotos(projectId: string): Promise<ProjectPhoto[]> {
  const photos = await signedProjectPhotos(projectId, {
    limit: 100,
    sortBy: { column: 'name', order: 'asc' },
    keep: (name) => name.startsWith('before-') || name.startsWith('after-'),
    seconds: PHOTO_LINK_SECONDS,
  });
  return photos.map(({ name, url }) => ({ name, url, type: name.startsWith('before-') ? 'before' : 'after' }));
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
