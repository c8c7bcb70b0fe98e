import { useSubscriptionQuery } from '@/features/memberships/api/check-subscription';
import type { Plan } from '@/features/memberships/utils/plans';

export type UseSubscriptionResult = {
  subscribed: boolean;
  /** True while a signed-in user's membership is not known yet (the first check is under way or waits to run). */
  isLoading: boolean;
  /** The plan of the user's role (null when signed out or not yet known). */
  plan: Plan | null;
  subscriptionEnd: string | null;
};

/**
 * The signed-in user's membership. Takes the user id (from `useAuth()` in the route module) because
 * features do not import each other; null or undefined means signed out: not subscribed, nothing fetched.
 */
export function useSubscription(userId: string | null | undefined): UseSubscriptionResult {
  const query = useSubscriptionQuery(userId);
  return {
    subscribed: query.data?.subscribed ?? false,
    // Not query.isLoading: that is false while a check waits to run (e.g. offline), though nothing is known yet.
    isLoading: Boolean(userId) && query.isPending,
    plan: query.data?.plan ?? null,
    subscriptionEnd: query.data?.subscription_end ?? null,
  };
}
