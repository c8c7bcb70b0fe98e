import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SELLER_ACCOUNT_COLUMNS,
  sellerAccountSchema,
  type SellerAccount,
} from '@/features/orders/api/seller-account';
import { invokeFunction } from '@/lib/function-error';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** Under the user: an account-type switch (which refreshes the user's data) reads it again. */
export const sellerAccountKey = (userId: string) => [...userKeys.detail(userId), 'seller-account'] as const;

/** The designer's own payment account as stored (row-level security lets each read only theirs), or null. */
export async function getSellerAccount(userId: string): Promise<SellerAccount | null> {
  const { data, error } = await supabase
    .from('seller_accounts')
    .select(SELLER_ACCOUNT_COLUMNS)
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data ? sellerAccountSchema.parse(data) : null;
}

/**
 * The account as the payment provider has it now: `connect-account` asks Stripe again and stores the answer (after
 * the designer comes back from onboarding, before its webhook may have arrived).
 */
export async function refreshSellerAccount(): Promise<SellerAccount | null> {
  const data = await invokeFunction<{ account: unknown }>('connect-account', { action: 'refresh' });
  return data.account ? sellerAccountSchema.parse(data.account) : null;
}

export function getSellerAccountQueryOptions(userId: string, { refresh = false }: { refresh?: boolean } = {}) {
  return queryOptions({
    queryKey: sellerAccountKey(userId),
    queryFn: () => (refresh ? refreshSellerAccount() : getSellerAccount(userId)),
    // Back from onboarding the provider is asked once; otherwise the stored row is cheap to read again.
    refetchOnWindowFocus: !refresh,
  });
}

/** `refresh`: read through the provider (back from onboarding) rather than from the table. */
export function useSellerAccount(userId: string, options: { refresh?: boolean; enabled?: boolean } = {}) {
  return useQuery({ ...getSellerAccountQueryOptions(userId, options), enabled: options.enabled ?? true });
}
