import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { GatedAction } from '@/components/gated-button';
import { getSubscriptionQueryOptions, NOT_SUBSCRIBED } from '@/features/memberships/api/check-subscription';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import type { Role } from '@/types/role';

/** Said (to screen readers; the button shows a spinner) while a gated action waits for the membership check. */
export const CHECKING_MEMBERSHIP = 'Checking your membership…';

/**
 * Actions that need a membership (creating a project, nudging, bidding: docs/product.md "Payments"). `run(key,
 * action)` runs the action for a member and opens "Subscribe to Continue" for anyone else; render
 * `<SubscribeDialog {...gate.dialogProps} />` once on the page. While the membership check is under way (right
 * after the page appears) it waits for the check's answer, with the action's button busy, and then goes on or asks
 * to subscribe: a form never opens for someone the database would refuse. A failed check counts as not subscribed.
 */
export function useSubscriptionGate(
  userId: string | null | undefined,
  accountRole: Role,
): GatedAction & { dialogProps: { open: boolean; onOpenChange: (open: boolean) => void; accountRole: Role } } {
  const queryClient = useQueryClient();
  const subscription = useSubscription(userId);
  const [open, setOpen] = useState(false);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  // Only the latest click acts: a second click while waiting replaces the first (never two forms, two navigations).
  const latest = useRef(0);

  function decide(subscribed: boolean, action: () => void) {
    if (subscribed) action();
    else setOpen(true);
  }

  function run(key: string, action: () => void) {
    const ticket = ++latest.current;
    if (!userId || !subscription.isLoading) {
      setWaitingFor(null);
      decide(subscription.subscribed, action);
      return;
    }
    setWaitingFor(key);
    // Joins the check in flight (or reads its answer if it came meanwhile); it never asks twice.
    queryClient
      .ensureQueryData(getSubscriptionQueryOptions(userId))
      .catch(() => NOT_SUBSCRIBED)
      .then((status) => {
        if (ticket !== latest.current) return;
        setWaitingFor(null);
        decide(status.subscribed, action);
      })
      .catch((error: unknown) => console.error(error));
  }

  return {
    run,
    waitingFor,
    waitingLabel: CHECKING_MEMBERSHIP,
    dialogProps: { open, onOpenChange: setOpen, accountRole },
  };
}
