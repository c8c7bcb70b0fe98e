import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, PROJECTS_PAGE_SIZE, type Project } from '@/features/projects/api/project-types';
import type { Coordinates } from '@/lib/geo';
import { nextCursor, type KeysetCursor } from '@/lib/keyset-cursor';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Projects a designer may bid on are pending with no designer (newest first, paged), and with
 * the designer's position, those farther than 100 miles are left out unless none is nearer.
 *
 * The database applies both (rpc open_projects, docs/decisions/0020), so every page holds only what the list
 * shows and 'Available Projects (n)' (open_project_count, same rule) is the total of this list. Keyset paging: a
 * later page starts after the last row of the one before, so the database walks an index from there instead of
 * past an offset, and projects posted while the designer scrolls neither repeat nor push one off a page.
 */
export async function getAvailableProjects(origin: Coordinates | null, after: KeysetCursor | null): Promise<Project[]> {
  const { data, error } = await supabase
    .rpc('open_projects', {
      origin_latitude: origin?.latitude,
      origin_longitude: origin?.longitude,
      after_created_at: after?.created_at,
      after_id: after?.id,
      page_size: PROJECTS_PAGE_SIZE,
    })
    .select(PROJECT_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data;
}

export function getAvailableProjectsQueryOptions(origin: Coordinates | null) {
  return infiniteQueryOptions({
    queryKey: projectKeys.availableNear(origin),
    queryFn: ({ pageParam }) => getAvailableProjects(origin, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (last) => nextCursor(last, PROJECTS_PAGE_SIZE),
  });
}

/** When the position arrives, the list read from anywhere stays on screen until the nearby one replaces it. */
export function useAvailableProjects(origin: Coordinates | null) {
  return useInfiniteQuery({ ...getAvailableProjectsQueryOptions(origin), placeholderData: keepPreviousData });
}
