import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * How many bids the designer has made, for 'My Bids (n)': a count of their own project_bids rows (row-level
 * security lets a designer read their bids), from the designer_id index, without sending a row.
 */
export async function getDesignerBidCount(designerId: string): Promise<number> {
  const { count, error } = await supabase
    .from('project_bids')
    .select('id', { count: 'exact', head: true })
    .eq('designer_id', designerId);
  if (error) throw error;
  return count ?? 0;
}

export function getDesignerBidCountQueryOptions(designerId: string) {
  return queryOptions({
    queryKey: projectKeys.designerBidCount(designerId),
    queryFn: () => getDesignerBidCount(designerId),
  });
}

export function useDesignerBidCount(designerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getDesignerBidCountQueryOptions(designerId), enabled });
}
