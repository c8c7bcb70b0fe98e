import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DesignerDashboard } from '@/features/projects/components/designer-dashboard';
import { SubscribeDialog } from '@/features/subscription/components/subscribe-dialog';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';

/** SPEC §2 designer dashboard; opening a project to bid needs the designer plan. */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id;
  const subscription = useSubscription(userId);
  const [subscribeOpen, setSubscribeOpen] = useState(false);

  const ensureSubscribed = () => {
    if (subscription.subscribed || subscription.isLoading) return true;
    setSubscribeOpen(true);
    return false;
  };

  return (
    <Page title="Designer Dashboard" description="Find projects near you and keep track of your work.">
      {userId ? (
        <DesignerDashboard
          designerId={userId}
          ensureSubscribed={ensureSubscribed}
          onOpenProject={(projectId) => void navigate(paths.project.getHref(projectId))}
        />
      ) : null}
      {/* `role` is the account type here, not an ARIA role. */}
      <SubscribeDialog open={subscribeOpen} onOpenChange={setSubscribeOpen} accountRole="designer" />
    </Page>
  );
}
