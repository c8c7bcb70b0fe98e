import { useSearchParams } from 'react-router-dom';
import { SandboxPage } from '@/components/sandbox/sandbox-page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SandboxCheckoutPanel } from '@/features/memberships/components/sandbox-checkout-panel';

/** ADR 0010: the sandbox payment page (protected; no Stripe keys configured). */
export function Component() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  return (
    <SandboxPage title="Sandbox checkout">
      {(onDone) =>
        user ? <SandboxCheckoutPanel userId={user.id} sessionId={params.get('session') ?? ''} onDone={onDone} /> : null
      }
    </SandboxPage>
  );
}
