import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DesignerDashboard } from '@/features/projects/components/designer-dashboard';
import { SubscribeDialog } from '@/features/subscription/components/subscribe-dialog';
import { useSubscriptionGate } from '@/features/subscription/hooks/use-subscription-gate';

/** SPEC §2 designer dashboard; opening a project to bid needs the designer plan. */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.user?.id;
  const membership = useSubscriptionGate(userId, 'designer');

  return (
    <Page title="Designer Dashboard" description="Find projects near you and keep track of your work.">
      {userId ? (
        <DesignerDashboard
          designerId={userId}
          membership={membership}
          onOpenProject={(projectId) => void navigate(paths.project.getHref(projectId))}
        />
      ) : null}
      <SubscribeDialog {...membership.dialogProps} />
    </Page>
  );
}
