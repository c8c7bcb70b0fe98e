import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SandboxCheckoutPanel } from '@/features/memberships/components/sandbox-checkout-panel';
import { followUrl } from '@/features/memberships/utils/follow-url';

/** ADR 0010: the sandbox payment page (protected; no Stripe keys configured). */
export function Component() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session') ?? '';
  return (
    <Page title="Sandbox checkout" className="max-w-2xl">
      {auth.user ? (
        <SandboxCheckoutPanel userId={auth.user.id} sessionId={sessionId} onDone={(url) => followUrl(url, navigate)} />
      ) : null}
    </Page>
  );
}
