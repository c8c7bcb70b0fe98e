import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, type Project } from '@/features/projects/api/project-types';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/**
 * One project, or null when it does not exist or row-level security hides it from this user (the two look
 * the same from the client, on purpose: the database does not reveal projects you may not see). With it, the
 * location as typed, which the database gives only to the project's customer and assigned designer (anyone else
 * sees the place's label; docs/decisions/0030-safe-by-default.md). Both reads leave at once.
 */
export async function getProject(projectId: string): Promise<Project | null> {
  if (!isUuid(projectId)) return null;
  const [row, location] = await Promise.all([
    supabase.from('projects').select(PROJECT_COLUMNS).eq('id', projectId).maybeSingle(),
    supabase.rpc('project_locations', { p_projects: [projectId] }),
  ]);
  if (row.error) throw row.error;
  if (location.error) throw location.error;
  return row.data ? { ...row.data, location: location.data[0]?.location ?? null } : null;
}

export function getProjectQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.detail(projectId), queryFn: () => getProject(projectId) });
}

export function useProject(projectId: string) {
  return useQuery(getProjectQueryOptions(projectId));
}
