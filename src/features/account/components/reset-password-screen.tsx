import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ForgotPasswordDialog } from '@/features/account/components/forgot-password-dialog';
import { NewPasswordForm } from '@/features/account/components/new-password-form';
import { useAuth } from '@/features/account/hooks/use-auth';
import { siteUrl } from '@/features/account/utils/site-url';

/**
 * `/auth?reset=true` (docs/product.md, Accounts). The reset link's URL fragment carries a recovery session, which supabase-js
 * reads on start-up (detectSessionInUrl); without one (expired or reused link) the form could only fail.
 */
export function ResetPasswordScreen({ onUpdated }: { onUpdated: () => void }) {
  const auth = useAuth();
  return (
    <Page title="Set a new password" className="max-w-md">
      <Card>
        <CardContent className="flex flex-col gap-4">
          {auth.status === 'loading' ? <PageSpinner label="Checking your reset link…" /> : null}
          {auth.status === 'signed-in' ? <NewPasswordForm email={auth.user.email} onUpdated={onUpdated} /> : null}
          {auth.status === 'signed-out' ? (
            <div className="flex flex-col items-start gap-3">
              <p role="alert">This reset link is invalid or has expired. Ask for a new one.</p>
              <ForgotPasswordDialog
                redirectTo={siteUrl(paths.auth.getHref({ reset: true }))}
                triggerLabel="Send me a new link"
              />
            </div>
          ) : null}
          <Button asChild variant="link" className="self-center">
            <Link to={paths.home.getHref()}>Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
