import { useSearchParams } from 'react-router-dom';
import { SandboxPage } from '@/components/sandbox/sandbox-page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SandboxPortalPanel } from '@/features/memberships/components/sandbox-portal-panel';

/** ADR 0010: the sandbox subscription management page (protected; no Stripe keys configured). */
export function Component() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  return (
    <SandboxPage title="Manage subscription (sandbox)">
      {(onDone) =>
        user ? <SandboxPortalPanel userId={user.id} sessionId={params.get('session') ?? ''} onDone={onDone} /> : null
      }
    </SandboxPage>
  );
}
