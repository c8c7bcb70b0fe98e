import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { CustomerProjects } from '@/features/projects/components/customer-projects';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscriptionGate } from '@/features/memberships/hooks/use-subscription-gate';

/**
 * The customer's dashboard, "My Projects" (docs/product.md, Pages): the projects feature, with creation gated by the
 * client plan.
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const membership = useSubscriptionGate(userId, 'customer');

  return (
    <Page title="My Projects" description="Post a project, compare bids and work with your designer.">
      {userId ? <CustomerProjects customerId={userId} membership={membership} /> : null}
      <SubscribeDialog {...membership.dialogProps} />
    </Page>
  );
}
