import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { NotificationList } from '@/features/notifications/components/notification-list';

/** Every notification of the signed-in user (docs/decisions/0025-notifications.md). */
export function Component() {
  const auth = useAuth();
  return (
    <Page title="Notifications" description="Bids, nudges, messages and updates on your projects.">
      {auth.user ? <NotificationList userId={auth.user.id} /> : null}
    </Page>
  );
}
