import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenPageSettled } from '@/lib/page-settled';

// The bell reads and listens through supabase-js, which is not part of the first paint (docs/architecture.md,
// Performance rules): its chunk loads only for a signed-in user, once the page has settled.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const NotificationsMenuLink = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationsMenuLink,
  })),
);

/**
 * True once the page being opened has loaded and painted (`whenPageSettled`): the bell is background work, it
 * never competes with the page's own reads. Stays true while mounted.
 */
function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    return whenPageSettled(queryClient, () => setSettled(true));
  }, [settled, queryClient]);
  return settled;
}

/** Holds the bell's place in the bar until it loads, so the bar does not shift. */
const placeholder = <span aria-hidden="true" className="block size-10" />;

/** The top bar's bell for the signed-in user `userId`, loaded once the page has settled. */
export function NotificationBellSlot({ userId }: { userId: string }) {
  if (!usePageSettled()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell userId={userId} />
    </Suspense>
  );
}

/** The mobile menu's notifications link for `userId`, loaded once the page has settled. */
export function NotificationsMenuSlot({ userId }: { userId: string }) {
  if (!usePageSettled()) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsMenuLink
        userId={userId}
        className="block rounded-md px-3 py-2 text-sm font-medium text-foreground transition-colors hover:bg-accent"
      />
    </Suspense>
  );
}
