import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { ConsentCard } from '@/features/account/components/consent-card';

/**
 * The consent page of Supabase Auth's OAuth server (protected: /oauth/authorize sends the browser here with
 * ?authorization_id=).
 */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Authorize application" className="max-w-2xl">
      <ConsentCard authorizationId={params.get('authorization_id') ?? ''} />
    </Page>
  );
}
