import { Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { homeForRole } from '@/app/navigation';
import { Page } from '@/components/layouts/page';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, safeRedirectPath } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import {
  ForgotPasswordDialog,
  LoginForm,
  ResetPasswordScreen,
  SignUpForm,
} from '@/features/account/components/lazy-auth-forms';
import { useAuth } from '@/features/account/hooks/use-auth';
import { siteUrl } from '@/features/account/utils/site-url';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@/features/account/utils/account-suspended-message';
import { mfaChallengeNeeded } from '@/lib/assurance-level';
import { useInBrowser } from '@/hooks/use-in-browser';
import { loadSupabase } from '@/lib/supabase-loader';

function prefetchSupabase() {
  loadSupabase().catch((error: unknown) => console.error(error));
}

export function Component() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // With two-factor sign-in on, a password alone reads nothing (docs/product.md, Accounts): the code comes first.
  const needsCode = auth.status === 'signed-in' && mfaChallengeNeeded(auth.session);
  const role = useUserRole(needsCode ? null : auth.user?.id);
  const hydrated = useInBrowser();
  // The password-reset link signs the user in; they must stay here to set the new password.
  const resetting = params.get('reset') === 'true';

  // After the update, back to /auth without ?reset: the page then sends the signed-in user on by role.
  if (resetting)
    return (
      <Suspense fallback={<PageSpinner />}>
        <ResetPasswordScreen onUpdated={() => void navigate(paths.auth.getHref(), { replace: true })} />
      </Suspense>
    );

  if (auth.status === 'signed-in') {
    // Back to the protected page that sent them here, else to their role's start page.
    const redirectTo = safeRedirectPath(params.get('redirectTo'));
    if (needsCode) return <Navigate to={paths.mfa.getHref(redirectTo)} replace />;
    if (redirectTo) return <Navigate to={redirectTo} replace />;
    if (role.data) return <Navigate to={homeForRole(role.data)} replace />;
    if (role.isPending) return <PageSpinner />;
  }

  const roleValue = params.get('role');
  const preselectedRole = roleValue === 'customer' || roleValue === 'designer' ? roleValue : undefined;
  // `?tab=signup` (Get Started) or a role from the landing forms open Sign Up; anything else Login.
  const tab = params.get('tab') === 'signup' || preselectedRole ? 'signup' : 'login';
  // Signed out because Good Space suspended the account (docs/trust-and-safety.md). Only once hydrated: the
  // prerendered page knows no query string.
  const suspended = hydrated && params.get('suspended') === 'true';

  function selectTab(value: string) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        if (value === 'login') next.delete('role');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Page title="Login or Sign Up" className="max-w-md">
      {suspended ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive/40 p-3 text-sm font-medium text-destructive"
        >
          {ACCOUNT_SUSPENDED_MESSAGE}
        </p>
      ) : null}
      {/* supabase-js is fetched when the visitor starts on a form, not for the first paint (ADR 0013). */}
      <Card onFocusCapture={prefetchSupabase} onPointerDownCapture={prefetchSupabase}>
        <CardContent>
          <Tabs value={tab} onValueChange={selectTab}>
            <TabsList className="grid w-full grid-cols-2">
              {/* Disabled in the prerendered page until hydrated (a press before then would do nothing). */}
              <TabsTrigger value="login" disabled={!hydrated}>
                Login
              </TabsTrigger>
              <TabsTrigger value="signup" disabled={!hydrated}>
                Sign Up
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <Suspense fallback={<PageSpinner />}>
                <LoginForm
                  forgotPassword={<ForgotPasswordDialog redirectTo={siteUrl(paths.auth.getHref({ reset: true }))} />}
                />
              </Suspense>
            </TabsContent>
            <TabsContent value="signup">
              <Suspense fallback={<PageSpinner />}>
                <SignUpForm
                  key={preselectedRole ?? 'none'}
                  defaultRole={preselectedRole}
                  redirectTo={siteUrl(paths.home.getHref())}
                />
              </Suspense>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </Page>
  );
}
