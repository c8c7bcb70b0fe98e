import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { UnsubscribePanel } from '@/features/account/components/unsubscribe-panel';

/** A notification mail's unsubscribe link, signed in or not (docs/decisions/0025-notifications.md). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Unsubscribe" className="max-w-xl">
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </Page>
  );
}
