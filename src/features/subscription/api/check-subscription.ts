import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction } from '@/lib/function-error';
import { userKeys } from '@/lib/query-keys';

/** ADR 0010 `check-subscription` answer: the membership of the plan that matches the caller's role. */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  plan: z.enum(['client', 'designer']).nullable(),
  product_id: z.string().nullable(),
  price_id: z.string().nullable().optional(),
  subscription_end: z.string().nullable(),
  status: z.string().nullable().optional(),
  cancel_at_period_end: z.boolean().optional(),
  provider: z.string().nullable().optional(),
});

export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const NOT_SUBSCRIBED: SubscriptionStatus = {
  subscribed: false,
  plan: null,
  product_id: null,
  subscription_end: null,
};

/** SPEC §4: a failed check counts as "not subscribed" (logged, never thrown at the page). */
export async function checkSubscription(): Promise<SubscriptionStatus> {
  try {
    const data = await invokeFunction<unknown>('check-subscription');
    return subscriptionStatusSchema.parse(data);
  } catch (error) {
    console.error('Error checking subscription', error);
    return NOT_SUBSCRIBED;
  }
}

/** SPEC §9: the membership is polled every 60 seconds. */
export const SUBSCRIPTION_POLL_MS = 60_000;

/** Keyed by the user, so a new sign-in checks afresh (SPEC §4 "rechecked on login"). */
export function getSubscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userKeys.subscription(userId),
    queryFn: checkSubscription,
    refetchInterval: SUBSCRIPTION_POLL_MS,
    staleTime: SUBSCRIPTION_POLL_MS,
  });
}

/** Runs only for a signed-in user (pass the user id, or null/undefined when signed out). */
export function useSubscriptionQuery(userId: string | null | undefined) {
  return useQuery({ ...getSubscriptionQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
