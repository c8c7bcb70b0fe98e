import { NotFound } from '@/app/routes/not-found';
import { Page } from '@/components/layouts/page';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useIsOperatorForVerification } from '@/features/verification/api/get-operator-status';
import { VerificationQueue } from '@/features/verification/components/verification-queue';
import { mfaChallengeNeeded } from '@/lib/assurance-level';

/**
 * The console's verification requests (docs/trust-and-safety.md, "Verified badges"): open requests oldest first, each
 * with its evidence, approved or refused with a reason. Anyone but an operator gets the app's 404 page (the console's
 * layout does the same; the database refuses them whatever this page shows).
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' && !mfaChallengeNeeded(auth.session) ? auth.user.id : null;
  const operator = useIsOperatorForVerification(userId);
  if (auth.status === 'loading' || (userId !== null && operator.isPending)) return <PageSpinner />;
  if (userId === null || operator.data !== true) return <NotFound />;
  return (
    <Page title="Verification requests" description="Designers asking for the Verified student or Verified pro badge.">
      <VerificationQueue />
    </Page>
  );
}
