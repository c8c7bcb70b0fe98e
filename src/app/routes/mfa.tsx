import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { homeForRole } from '@/app/navigation';
import { Page } from '@/components/layouts/page';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths, safeRedirectPath } from '@/config/paths';
import { useUserRole } from '@/features/auth/api/get-user-role';
import { signOut } from '@/features/auth/api/sign-out';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MfaChallengeForm } from '@/features/mfa/components/mfa-challenge-form';
import { mfaChallengeNeeded } from '@/features/mfa/utils/assurance-level';

/**
 * Two-factor sign-in (docs/product.md, Accounts): the second sign-in step. The protected routes send a user here
 * while their session is aal1 and they have a verified factor; once the code is accepted the session is aal2 and
 * they go on.
 */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: role = null } = useUserRole(auth.user?.id);
  const redirectTo = safeRedirectPath(params.get('redirectTo'));

  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  if (auth.status === 'signed-out') return <Navigate to={paths.auth.getHref({ redirectTo })} replace />;
  const next = redirectTo ?? (role ? homeForRole(role) : paths.home.getHref());
  if (!mfaChallengeNeeded(auth.session)) return <Navigate to={next} replace />;

  return (
    <Page title="Two-factor verification" className="max-w-xl">
      <MfaChallengeForm
        userId={auth.user.id}
        onVerified={() => void navigate(next, { replace: true })}
        onSignOut={() => void signOut().then(() => navigate(paths.auth.getHref(), { replace: true }))}
      />
    </Page>
  );
}
