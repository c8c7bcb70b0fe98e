import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { mfaChallengeNeeded } from '@/lib/assurance-level';

/**
 * docs/product.md, Pages: signed-in pages show a spinner while the session loads and send signed-out visitors to /auth,
 * remembering where they were going. This is convenience; row-level security is the boundary.
 */
export function ProtectedRoute() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  if (auth.status === 'signed-out') {
    // Signing out on this page (Logout, or a session cleared by the user check) is not "going somewhere": it ends
    // on /auth, or where the sign-out said (home after deleting the account, also when this page is still on
    // screen as that sign-out lands: otherwise its redirect to /auth could win over the way home).
    if (auth.event === 'SIGNED_OUT') {
      const to =
        auth.endsAt === 'home' ? paths.home.getHref() : paths.auth.getHref({ suspended: auth.endsAt === 'suspended' });
      return <Navigate to={to} replace />;
    }
    const redirectTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.getHref({ redirectTo })} replace />;
  }
  // Two-factor sign-in (docs/product.md, Accounts): with a verified factor, the session must be aal2 before the app
  // opens.
  if (mfaChallengeNeeded(auth.session)) {
    return <Navigate to={paths.mfa.getHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}
