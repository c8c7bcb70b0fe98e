import { useState } from 'react';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';
import type { Role } from '@/features/subscription/utils/plans';

/**
 * An action that needs a membership (SPEC §6): `ensureSubscribed()` says whether to go on, and otherwise opens
 * "Subscribe to Continue"; render `<SubscribeDialog {...gate.dialogProps} />` once on the page. While the first
 * check runs it lets the user go on: the database refuses an unsubscribed write anyway.
 */
export function useSubscriptionGate(userId: string | null | undefined, accountRole: Role) {
  const subscription = useSubscription(userId);
  const [open, setOpen] = useState(false);

  function ensureSubscribed(): boolean {
    if (subscription.subscribed || subscription.isLoading) return true;
    setOpen(true);
    return false;
  }

  return { ensureSubscribed, dialogProps: { open, onOpenChange: setOpen, accountRole } };
}
