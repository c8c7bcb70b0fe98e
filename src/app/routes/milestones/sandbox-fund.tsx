import { useSearchParams } from 'react-router-dom';
import { SandboxPage } from '@/components/sandbox/sandbox-page';
import { SandboxFundPanel } from '@/features/milestones/components/sandbox-fund-panel';

/** docs/milestones.md: the sandbox's payment page for funding a milestone (protected; no Stripe keys configured). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SandboxPage title="Sandbox payment">
      {(onDone) => <SandboxFundPanel paymentId={params.get('payment') ?? ''} onDone={onDone} />}
    </SandboxPage>
  );
}
