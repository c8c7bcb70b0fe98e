import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/** The rpc's three answers (20261122004000_project_access.sql); anything else is a contract break, thrown. */
export const projectAccessSchema = z.enum(['missing', 'denied', 'allowed']);
export type ProjectAccess = z.infer<typeof projectAccessSchema>;

/**
 * Why the project read returned no row: 'missing' (no such project) or 'denied' (it exists, but is not
 * this user's to see); 'allowed' when it became visible in between. Asked only after that read came back
 * empty, so the usual page load costs nothing extra. An id that is not a UUID cannot name a project.
 */
export async function getProjectAccess(projectId: string): Promise<ProjectAccess> {
  if (!isUuid(projectId)) return 'missing';
  const { data, error } = await supabase.rpc('project_access', { project_id: projectId });
  if (error) throw error;
  return projectAccessSchema.parse(data);
}

export function getProjectAccessQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.access(projectId),
    queryFn: () => getProjectAccess(projectId),
    // Asked once per empty read; a stale answer must not decide the next visit.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useProjectAccess(projectId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getProjectAccessQueryOptions(projectId), enabled });
}
