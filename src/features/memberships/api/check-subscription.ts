import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/function-error';
import { userKeys } from '@/lib/query-keys';
import type { SubscriptionStatus } from '@/features/memberships/api/subscription-status-schema';

export type { SubscriptionStatus };

export const NOT_SUBSCRIBED: SubscriptionStatus = {
  subscribed: false,
  plan: null,
  product_id: null,
  subscription_end: null,
};

/** A failed check counts as "not subscribed" (docs/product.md, Payments; logged, never thrown at the page). */
export async function checkSubscription(): Promise<SubscriptionStatus> {
  try {
    // The schema (and zod with it) loads while the request is under way: this check is among a signed-in
    // page's first requests (the project page's prefetch), which must not wait for zod to download and run.
    const [data, { subscriptionStatusSchema }] = await Promise.all([
      invokeFunction<unknown>('check-subscription'),
      import('@/features/memberships/api/subscription-status-schema'),
    ]);
    return subscriptionStatusSchema.parse(data);
  } catch (error) {
    console.error('Error checking subscription', error);
    return NOT_SUBSCRIBED;
  }
}

/** The membership is rechecked every 60 seconds (docs/product.md, Limits). */
const SUBSCRIPTION_POLL_MS = 60_000;

/** Keyed by the user, so a new sign-in checks afresh (it is rechecked at login). */
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
