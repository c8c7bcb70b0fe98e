import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeForPage, invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { userKeys } from '@/lib/query-keys';

/**
 * The sandbox-checkout `get` answer (docs/payments.md, "Contract for the app (memberships)"); checkout and portal
 * sessions share the shape.
 */
export const sandboxSessionSchema = z.object({
  sandbox: z.literal(true),
  notice: z.string(),
  session: z.object({
    id: z.string(),
    kind: z.enum(['checkout', 'portal']),
    status: z.string(),
    plan: z.enum(['client', 'designer']).nullable().optional(),
    plan_name: z.string().optional(),
    amount: z.number().optional(),
    currency: z.string().optional(),
    interval: z.string().optional(),
    expires_at: z.string().nullable().optional(),
    subscriptions: z
      .array(
        z.object({
          plan: z.enum(['client', 'designer']),
          status: z.string(),
          provider: z.string().nullable().optional(),
          current_period_end: z.string().nullable().optional(),
          cancel_at_period_end: z.boolean().nullable().optional(),
        }),
      )
      .nullable()
      .optional(),
  }),
});

export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
export type SandboxAction = 'confirm' | 'cancel' | 'cancel-subscription' | 'close';

export async function getSandboxSession(sessionId: string): Promise<SandboxSession> {
  const data = await invokeFunction<unknown>('sandbox-checkout', { action: 'get', session: sessionId });
  return sandboxSessionSchema.parse(data);
}

export function getSandboxSessionQueryOptions(userId: string, sessionId: string) {
  return queryOptions({
    // Under the user's membership: the session belongs to it and ends with it.
    queryKey: [...userKeys.subscription(userId), 'sandbox', sessionId],
    queryFn: () => getSandboxSession(sessionId),
    staleTime: Infinity,
    refetchInterval: false,
  });
}

export function useSandboxSession(userId: string, sessionId: string) {
  return useQuery(getSandboxSessionQueryOptions(userId, sessionId));
}

/** Confirm/cancel a checkout, cancel-subscription/close a portal session: the answer is where to go next. */
export async function actOnSandboxSession(input: { session: string; action: SandboxAction }): Promise<string> {
  return invokeForPage('sandbox-checkout', { ...input });
}

type SandboxActionInput = Parameters<typeof actOnSandboxSession>[0];

export function useActOnSandboxSession(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<string, SandboxActionInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnSandboxSession,
    onSuccess: async (url, input) => {
      // The membership just changed (or may have): marked stale before the user moves on, so the next read,
      // wherever `onSuccess` leads, comes from the server (nothing is refetched here).
      await queryClient.invalidateQueries({ queryKey: userKeys.subscription(userId), refetchType: 'none' });
      await onSuccess?.(url, input);
    },
    onError,
  });
}
