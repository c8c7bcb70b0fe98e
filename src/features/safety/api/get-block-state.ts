import { queryOptions, useQuery } from '@tanstack/react-query';
import { blockKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Between the viewer and another person: 'none', 'blocked' (the viewer blocked them) or 'closed' (they blocked the
 * viewer). The UI never tells 'closed' apart in words: both say only "You can't contact this person."
 * (docs/trust-and-safety.md).
 */
export type BlockState = 'none' | 'blocked' | 'closed';

export async function getBlockState(otherId: string): Promise<BlockState> {
  const { data, error } = await supabase.rpc('block_state', { other_user: otherId });
  if (error) throw error;
  return data === 'blocked' || data === 'closed' ? data : 'none';
}

export function blockStateQueryOptions(userId: string, otherId: string) {
  return queryOptions({ queryKey: blockKeys.state(userId, otherId), queryFn: () => getBlockState(otherId) });
}

/** The block state with `otherId`; not asked for oneself or before both ids are known. */
export function useBlockState(userId: string | undefined, otherId: string | null | undefined) {
  return useQuery({
    ...blockStateQueryOptions(userId ?? '', otherId ?? ''),
    enabled: Boolean(userId && otherId && userId !== otherId),
  });
}
