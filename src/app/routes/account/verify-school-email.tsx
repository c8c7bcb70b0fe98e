import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { SchoolEmailConfirmation } from '@/features/verification/components/school-email-confirmation';

/** The link of a Verified student request's mail, opened signed in as the designer (docs/trust-and-safety.md). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Confirm your school e-mail address" className="max-w-xl">
      <SchoolEmailConfirmation token={params.get('token') ?? ''} />
    </Page>
  );
}
