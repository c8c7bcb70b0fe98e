import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SandboxPortalPanel } from '@/features/memberships/components/sandbox-portal-panel';
import { followUrl } from '@/features/memberships/utils/follow-url';

/** ADR 0010: the sandbox subscription management page (protected; no Stripe keys configured). */
export function Component() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session') ?? '';
  return (
    <Page title="Manage subscription (sandbox)" className="max-w-2xl">
      {auth.user ? (
        <SandboxPortalPanel userId={auth.user.id} sessionId={sessionId} onDone={(url) => followUrl(url, navigate)} />
      ) : null}
    </Page>
  );
}
