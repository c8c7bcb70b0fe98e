import { queryOptions, useQuery } from '@tanstack/react-query';
import { designStyles, type DesignStyleId } from '@/config/design-styles';
import { ownProfileKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The style the customer chose on the landing page (or later in their profile), as a style id; null when they have
 * none or are not a customer. The profile stores the style's name (docs/decisions/0020-dashboard-totals-bids-and-styles.md).
 */
export async function getPreferredStyle(userId: string): Promise<DesignStyleId | null> {
  const { data, error } = await supabase
    .from('customer_profiles')
    .select('preferred_style')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return designStyles.find((style) => style.name === data?.preferred_style)?.id ?? null;
}

/** Under the customer's own profile: saving the profile refreshes it. */
export function getPreferredStyleQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ownProfileKeys.customer(userId), 'preferred-style'],
    queryFn: () => getPreferredStyle(userId),
  });
}

export function usePreferredStyle(userId: string | null | undefined) {
  return useQuery({ ...getPreferredStyleQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
