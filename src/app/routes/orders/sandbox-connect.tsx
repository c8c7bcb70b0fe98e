import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SandboxConnectPanel } from '@/features/orders/components/sandbox-connect-panel';
import { SandboxNotice } from '@/features/memberships/components/sandbox-notice';
import { followUrl } from '@/features/memberships/utils/follow-url';

/** ADR 0029: the sandbox's seller onboarding page (protected; no Stripe keys configured). */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <Page title="Sandbox payout setup" className="max-w-2xl">
      {auth.user ? (
        <SandboxConnectPanel
          userId={auth.user.id}
          renderNotice={(notice) => <SandboxNotice notice={notice} />}
          onDone={(url) => followUrl(url, navigate)}
        />
      ) : null}
    </Page>
  );
}
