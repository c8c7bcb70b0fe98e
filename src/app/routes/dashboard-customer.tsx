import { useState } from 'react';
import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CustomerProjects } from '@/features/projects/components/customer-projects';
import { SubscribeDialog } from '@/features/subscription/components/subscribe-dialog';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';

/** SPEC §2 "My Projects": the projects feature, with creation gated by the client plan. */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const subscription = useSubscription(userId);
  const [subscribeOpen, setSubscribeOpen] = useState(false);

  const ensureSubscribed = () => {
    // While the first check runs, let the form open: the database refuses an unsubscribed insert anyway.
    if (subscription.subscribed || subscription.isLoading) return true;
    setSubscribeOpen(true);
    return false;
  };

  return (
    <Page title="My Projects" description="Post a project, compare bids and work with your designer.">
      {userId ? <CustomerProjects customerId={userId} ensureSubscribed={ensureSubscribed} /> : null}
      {/* `role` is the account type here, not an ARIA role. */}
      <SubscribeDialog open={subscribeOpen} onOpenChange={setSubscribeOpen} accountRole="customer" />
    </Page>
  );
}
