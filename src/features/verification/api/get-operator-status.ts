import { useQuery } from '@tanstack/react-query';
import { verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Whether the signed-in person is a Good Space operator (rpc is_operator); the database decides on every call anyway. */
export async function getIsOperator(): Promise<boolean> {
  const { data, error } = await supabase.rpc('is_operator');
  if (error) throw error;
  return data === true;
}

export function useIsOperatorForVerification(userId: string | null) {
  return useQuery({
    queryKey: [...verificationKeys.all, 'is-operator', userId],
    queryFn: getIsOperator,
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}
