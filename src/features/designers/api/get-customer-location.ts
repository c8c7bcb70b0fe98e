import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownProfileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The signed-in customer's saved location (free text or 'lat,long'); null when none or not a customer. */
export async function getCustomerLocation(userId: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('customer_profiles')
    .select('location')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data?.location ?? null;
}

export function getCustomerLocationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ownProfileKeys.customer(userId), 'location'],
    queryFn: () => getCustomerLocation(userId),
  });
}

export function useCustomerLocation(userId: string | null | undefined) {
  return useQuery({ ...getCustomerLocationQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
