import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeForPage, invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { pieceKeys, orderKeys } from '@/lib/query-keys';

/**
 * The `sandbox-market` function's `order-get` answer (docs/payments.md, "Contract for the app (orders and
 * payouts)"): the buyer's own pending order.
 */
const sandboxOrderSchema = z.object({
  sandbox: z.literal(true),
  notice: z.string(),
  order: z.object({
    id: z.string(),
    status: z.string(),
    amount: z.coerce.number(),
    currency: z.string(),
    item_title: z.string(),
    item_photo_url: z.string().nullable(),
    catalog_item_id: z.string().nullable(),
  }),
});

export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

export async function getSandboxOrder(orderId: string): Promise<SandboxOrder> {
  const data = await invokeFunction<unknown>('sandbox-market', { action: 'order-get', order: orderId });
  return sandboxOrderSchema.parse(data);
}

export function getSandboxOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...orderKeys.detail(orderId), 'sandbox'] as const,
    queryFn: () => getSandboxOrder(orderId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useSandboxOrder(orderId: string) {
  return useQuery(getSandboxOrderQueryOptions(orderId));
}

export type SandboxOrderAction = 'order-pay' | 'order-cancel';

/** Pay (plays the payment webhook's path) or cancel (the checkout expires): the answer is where to go next. */
export async function actOnSandboxOrder(orderId: string, action: SandboxOrderAction): Promise<string> {
  return invokeForPage('sandbox-market', { action, order: orderId });
}

export function useActOnSandboxOrder(
  orderId: string,
  { onSuccess, onError }: MutationCallbacks<string, SandboxOrderAction> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxOrderAction) => actOnSandboxOrder(orderId, action),
    onSuccess: async (url, action) => {
      // The order and the piece just changed: stale before the user moves on (nothing refetched here).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: pieceKeys.all, refetchType: 'none' }),
      ]);
      await onSuccess?.(url, action);
    },
    onError,
  });
}
