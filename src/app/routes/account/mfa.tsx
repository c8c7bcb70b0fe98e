import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { homeForRole } from '@/app/navigation';
import { Page } from '@/components/layouts/page';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths, safeRedirectPath } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { signOut } from '@/features/account/api/sign-out';
import { useAuth } from '@/features/account/hooks/use-auth';
import { MfaChallengeForm } from '@/features/account/components/mfa-challenge-form';
import { mfaChallengeNeeded } from '@/lib/assurance-level';

/**
 * Two-factor sign-in (docs/product.md, Accounts): the second sign-in step. The protected routes send a user here
 * while their session is aal1 and they have a verified factor; once the code is accepted the session is aal2 and
 * they go on.
 */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const challenge = auth.status === 'signed-in' && mfaChallengeNeeded(auth.session);
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  // The role (for the start page) is read once the session is aal2: before that the API refuses every read.
  const role = useUserRole(auth.status === 'signed-in' && !challenge && !redirectTo ? auth.user.id : null);

  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  if (auth.status === 'signed-out') return <Navigate to={paths.auth.getHref({ redirectTo })} replace />;
  if (!challenge) {
    if (redirectTo) return <Navigate to={redirectTo} replace />;
    if (role.isPending) return <PageSpinner label="Checking your session…" />;
    return <Navigate to={role.data ? homeForRole(role.data) : paths.home.getHref()} replace />;
  }

  return (
    <Page title="Two-factor verification" className="max-w-xl">
      <MfaChallengeForm
        userId={auth.user.id}
        // The session turns aal2 and this page renders again, going on from above; redirectTo goes at once.
        onVerified={() => {
          if (redirectTo) void navigate(redirectTo, { replace: true });
        }}
        onSignOut={() => void signOut().then(() => navigate(paths.auth.getHref(), { replace: true }))}
      />
    </Page>
  );
}
