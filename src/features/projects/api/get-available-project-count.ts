import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coordinates } from '@/lib/geo';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * How many projects the available list holds in all, for the same position (rpc open_project_count: the same
 * rule as open_projects, counted by the database), for 'Available Projects (n)'.
 */
export async function getAvailableProjectCount(origin: Coordinates | null): Promise<number> {
  const { data, error } = await supabase.rpc('open_project_count', {
    origin_latitude: origin?.latitude,
    origin_longitude: origin?.longitude,
  });
  if (error) throw error;
  return data;
}

export function getAvailableProjectCountQueryOptions(origin: Coordinates | null) {
  return queryOptions({
    queryKey: projectKeys.availableCount(origin),
    queryFn: () => getAvailableProjectCount(origin),
  });
}

export function useAvailableProjectCount(origin: Coordinates | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAvailableProjectCountQueryOptions(origin), enabled });
}
