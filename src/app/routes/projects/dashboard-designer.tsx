import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useDesignerBidCount } from '@/features/bids/api/get-designer-bid-count';
import { DesignerBidsList } from '@/features/bids/components/designer-bids-list';
import { useDesignerBidsRealtime } from '@/features/bids/hooks/use-designer-bids-realtime';
import { EarningsCard } from '@/features/milestones/components/earnings-card';
import { DesignerDashboard } from '@/features/projects/components/designer-dashboard';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscriptionGate } from '@/features/memberships/hooks/use-subscription-gate';

/**
 * The designer dashboard (docs/product.md, Designers and nudges); opening a project to bid needs the designer plan.
 * A third tab lists the designer's bids with their status (the bids feature), so a bid that lost says so instead of
 * its project turning into 'Access denied'; the feed of their bids keeps the tabs and their totals live.
 */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id;
  const membership = useSubscriptionGate(userId, 'designer');
  const bidTotal = useDesignerBidCount(userId ?? '', { enabled: Boolean(userId) });
  useDesignerBidsRealtime(userId);
  useEffect(() => {
    if (bidTotal.isError) toast.error('Failed to load bids', { id: 'designer-bids-load' });
  }, [bidTotal.isError]);

  return (
    <Page title="Designer Dashboard" description="Find projects near you and keep track of your work.">
      {/* Earnings from milestones (docs/milestones.md): released, on the way, held. */}
      {userId ? <EarningsCard designerId={userId} /> : null}
      {userId ? (
        <DesignerDashboard
          designerId={userId}
          membership={membership}
          onOpenProject={(projectId) => void navigate(paths.project.getHref(projectId))}
          moreTabs={[
            {
              value: 'bids',
              label: bidTotal.data === undefined ? 'My Bids' : `My Bids (${bidTotal.data})`,
              content: <DesignerBidsList designerId={userId} />,
            },
          ]}
        />
      ) : null}
      <SubscribeDialog {...membership.dialogProps} />
    </Page>
  );
}
