import { useInfiniteQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, PROJECTS_PAGE_SIZE, type Project } from '@/features/projects/api/project-types';
import { projectKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';
import { withLocations } from '@/features/projects/api/with-locations';

/** The customer's projects, newest first, one page at a time. */
export async function getCustomerProjects(customerId: string, page: number): Promise<Project[]> {
  const { data, error } = await supabase
    .from('projects')
    .select(PROJECT_COLUMNS)
    .eq('customer_id', customerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, PROJECTS_PAGE_SIZE));
  if (error) throw error;
  // Their own projects: the location as they typed it (docs/decisions/0030-safe-by-default.md).
  return withLocations(data);
}

export function getCustomerProjectsQueryOptions(customerId: string) {
  return numberedPagesQueryOptions(projectKeys.customer(customerId), PROJECTS_PAGE_SIZE, (page) =>
    getCustomerProjects(customerId, page),
  );
}

export function useCustomerProjects(customerId: string) {
  return useInfiniteQuery(getCustomerProjectsQueryOptions(customerId));
}
