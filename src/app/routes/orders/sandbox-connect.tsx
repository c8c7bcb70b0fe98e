import { SandboxPage } from '@/components/sandbox/sandbox-page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SandboxConnectPanel } from '@/features/orders/components/sandbox-connect-panel';

/** ADR 0029: the sandbox's seller onboarding page (protected; no Stripe keys configured). */
export function Component() {
  const { user } = useAuth();
  return (
    <SandboxPage title="Sandbox payout setup">
      {(onDone) => (user ? <SandboxConnectPanel userId={user.id} onDone={onDone} /> : null)}
    </SandboxPage>
  );
}
