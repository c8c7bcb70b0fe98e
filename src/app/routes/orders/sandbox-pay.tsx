import { useSearchParams } from 'react-router-dom';
import { SandboxPage } from '@/components/sandbox/sandbox-page';
import { SandboxPayPanel } from '@/features/orders/components/sandbox-pay-panel';

/** ADR 0029: the sandbox's payment page for a Good Stuff order (protected; no Stripe keys configured). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SandboxPage title="Sandbox payment">
      {(onDone) => <SandboxPayPanel orderId={params.get('order') ?? ''} onDone={onDone} />}
    </SandboxPage>
  );
}
