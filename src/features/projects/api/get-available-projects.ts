import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, PROJECTS_PAGE_SIZE, type Project } from '@/features/projects/api/project-types';
import { afterCursor, nextCursor, type NewestFirstCursor } from '@/features/projects/utils/newest-first-cursor';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * SPEC §4: projects a designer may bid on are pending with no designer (newest first, paged).
 *
 * Keyset paging: a later page starts after the last row of the one before, so the database walks the open
 * projects' index from there instead of past an offset (bench:db #14: page 20 by offset read and sorted every
 * open project), and projects posted while the designer scrolls neither repeat nor push one off a page.
 */
export async function getAvailableProjects(after: NewestFirstCursor | null): Promise<Project[]> {
  let query = supabase.from('projects').select(PROJECT_COLUMNS).eq('status', 'pending').is('designer_id', null);
  if (after) query = query.lte('created_at', after.created_at).or(afterCursor(after));
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(PROJECTS_PAGE_SIZE);
  if (error) throw error;
  return data;
}

export function getAvailableProjectsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: projectKeys.available(),
    queryFn: ({ pageParam }) => getAvailableProjects(pageParam),
    initialPageParam: null as NewestFirstCursor | null,
    getNextPageParam: (last) => nextCursor(last, PROJECTS_PAGE_SIZE),
  });
}

export function useAvailableProjects() {
  return useInfiniteQuery(getAvailableProjectsQueryOptions());
}
