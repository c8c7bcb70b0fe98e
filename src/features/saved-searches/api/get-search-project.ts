import { useQuery } from '@tanstack/react-query';
import { savedSearchKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/**
 * The project the market is finding pieces for (`/good-stuff?project=<id>`, docs/find-it-first.md): its title, its
 * state, what is left of its budget, and its place's coordinates (the gazetteer's, public), the origin of the
 * market's distances. Null when it does not exist or row-level security hides it: the market is then the plain one.
 */
export async function getSearchProject(projectId: string) {
  if (!isUuid(projectId)) return null;
  const { data, error } = await supabase
    .from('projects')
    .select('id, title, status, budget, items_total, place:places(latitude, longitude)')
    .eq('id', projectId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export type SearchProject = NonNullable<Awaited<ReturnType<typeof getSearchProject>>>;

export function useSearchProject(projectId: string | null) {
  return useQuery({
    queryKey: savedSearchKeys.project(projectId ?? ''),
    queryFn: () => getSearchProject(projectId ?? ''),
    enabled: projectId !== null,
  });
}
