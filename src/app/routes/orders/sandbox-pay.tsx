import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { SandboxPayPanel } from '@/features/orders/components/sandbox-pay-panel';
import { SandboxNotice } from '@/features/memberships/components/sandbox-notice';
import { followUrl } from '@/features/memberships/utils/follow-url';

/** ADR 0029: the sandbox's payment page for a Good Stuff order (protected; no Stripe keys configured). */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('order') ?? '';
  return (
    <Page title="Sandbox payment" className="max-w-2xl">
      <SandboxPayPanel
        orderId={orderId}
        renderNotice={(notice) => <SandboxNotice notice={notice} />}
        onDone={(url) => followUrl(url, navigate)}
      />
    </Page>
  );
}
