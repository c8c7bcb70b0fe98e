import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECT_COLUMNS, type Project } from '@/features/projects/api/project-types';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/**
 * One project, or null when it does not exist or row-level security hides it from this user (the two look
 * the same from the client, on purpose: the database does not reveal projects you may not see).
 */
export async function getProject(projectId: string): Promise<Project | null> {
  if (!isUuid(projectId)) return null;
  const { data, error } = await supabase.from('projects').select(PROJECT_COLUMNS).eq('id', projectId).maybeSingle();
  if (error) throw error;
  return data;
}

export function getProjectQueryOptions(projectId: string) {
  return queryOptions({ queryKey: projectKeys.detail(projectId), queryFn: () => getProject(projectId) });
}

export function useProject(projectId: string) {
  return useQuery(getProjectQueryOptions(projectId));
}
