import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Whether the signed-in user is a Good Space operator (rpc is_operator, docs/trust-and-safety.md). Only the console's
 * guard asks; the database refuses everyone else whatever the page shows.
 */
export async function getIsOperator(): Promise<boolean> {
  const { data, error } = await supabase.rpc('is_operator');
  if (error) throw error;
  return data === true;
}

export function getIsOperatorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: adminKeys.isOperator(userId),
    queryFn: getIsOperator,
    // Operators are made only by SQL; a session keeps its answer until it reloads.
    staleTime: Infinity,
  });
}

export function useIsOperator(userId: string | null) {
  return useQuery({ ...getIsOperatorQueryOptions(userId ?? ''), enabled: userId !== null });
}
