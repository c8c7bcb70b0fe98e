import { Navigate, useSearchParams } from 'react-router-dom';
import { homeForRole } from '@/app/navigation';
import { Page } from '@/components/layouts/page';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { safeRedirectPath } from '@/config/paths';
import { useUserRole } from '@/features/auth/api/get-user-role';
import { useAuth } from '@/features/auth/hooks/use-auth';

export function Component() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const role = useUserRole(auth.user?.id);
  // The password-reset link signs the user in; they must stay here to set the new password.
  const resetting = params.get('reset') === 'true';

  if (auth.status === 'signed-in' && !resetting) {
    // Back to the protected page that sent them here, else to their role's start page.
    const redirectTo = safeRedirectPath(params.get('redirectTo'));
    if (redirectTo) return <Navigate to={redirectTo} replace />;
    if (role.data) return <Navigate to={homeForRole(role.data)} replace />;
    if (role.isPending) return <PageSpinner />;
  }

  return <Page title="Login or Sign Up" />;
}
