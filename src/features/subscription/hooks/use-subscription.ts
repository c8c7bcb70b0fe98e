import { useSubscriptionQuery } from '@/features/subscription/api/check-subscription';
import type { Plan } from '@/features/subscription/utils/plans';

export type UseSubscriptionResult = {
  subscribed: boolean;
  /** True only while the first check for a signed-in user is under way. */
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
    isLoading: query.isLoading,
    plan: query.data?.plan ?? null,
    subscriptionEnd: query.data?.subscription_end ?? null,
  };
}
