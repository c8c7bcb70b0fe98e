import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, PROJECTS_PAGE_SIZE, type Project } from '@/features/projects/api/project-types';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** SPEC §4: projects a designer may bid on are pending with no designer (newest first, paged). */
export async function getAvailableProjects(page: number): Promise<Project[]> {
  const from = page * PROJECTS_PAGE_SIZE;
  const { data, error } = await supabase
    .from('projects')
    .select(PROJECT_COLUMNS)
    .eq('status', 'pending')
    .is('designer_id', null)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + PROJECTS_PAGE_SIZE - 1);
  if (error) throw error;
  return data;
}

export function getAvailableProjectsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: projectKeys.available(),
    queryFn: ({ pageParam }) => getAvailableProjects(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === PROJECTS_PAGE_SIZE ? pages.length : undefined),
  });
}

export function useAvailableProjects() {
  return useInfiniteQuery(getAvailableProjectsQueryOptions());
}
