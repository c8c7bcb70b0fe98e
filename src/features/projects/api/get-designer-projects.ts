import { useInfiniteQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, PROJECTS_PAGE_SIZE, type Project } from '@/features/projects/api/project-types';
import { projectKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';
import { withLocations } from '@/features/projects/api/with-locations';

/** The projects the designer is assigned to, newest first, paged. */
export async function getDesignerProjects(designerId: string, page: number): Promise<Project[]> {
  const { data, error } = await supabase
    .from('projects')
    .select(PROJECT_COLUMNS)
    .eq('designer_id', designerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, PROJECTS_PAGE_SIZE));
  if (error) throw error;
  // Their own projects: the location as they typed it (docs/decisions/0030-safe-by-default.md).
  return withLocations(data);
}

export function getDesignerProjectsQueryOptions(designerId: string) {
  return numberedPagesQueryOptions(projectKeys.designer(designerId), PROJECTS_PAGE_SIZE, (page) =>
    getDesignerProjects(designerId, page),
  );
}

export function useDesignerProjects(designerId: string) {
  return useInfiniteQuery(getDesignerProjectsQueryOptions(designerId));
}
