import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sellerAccountKey } from '@/features/orders/api/get-seller-account';
import { sellerAccountSchema } from '@/features/orders/api/seller-account';
import { invokeForPage, invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/**
 * The `sandbox-market` function's `connect-get` answer (docs/payments.md, "Contract for the app (orders and
 * payouts)"): the notice and the caller's sandbox account.
 */
const sandboxConnectSchema = z.object({
  sandbox: z.literal(true),
  notice: z.string(),
  account: sellerAccountSchema.nullable(),
});

export type SandboxConnect = z.infer<typeof sandboxConnectSchema>;

export async function getSandboxConnect(): Promise<SandboxConnect> {
  return sandboxConnectSchema.parse(await invokeFunction<unknown>('sandbox-market', { action: 'connect-get' }));
}

export function getSandboxConnectQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...sellerAccountKey(userId), 'sandbox'] as const,
    queryFn: getSandboxConnect,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSandboxConnect(userId: string) {
  return useQuery(getSandboxConnectQueryOptions(userId));
}

export type SandboxConnectAction = 'connect-finish' | 'connect-leave';

/** Finish onboarding (the account can be paid) or leave it unfinished: the answer is where to go next. */
export async function actOnSandboxConnect(action: SandboxConnectAction): Promise<string> {
  return invokeForPage('sandbox-market', { action });
}

export function useActOnSandboxConnect(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<string, SandboxConnectAction> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnSandboxConnect,
    onSuccess: async (url, action) => {
      await queryClient.invalidateQueries({ queryKey: sellerAccountKey(userId), refetchType: 'none' });
      await onSuccess?.(url, action);
    },
    onError,
  });
}
