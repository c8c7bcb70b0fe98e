import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfirmSchoolEmail } from '@/features/verification/api/confirm-school-email';
import { errorSentence } from '@/features/verification/api/error-sentence';

/**
 * The school e-mail link's page: confirms the token once, as the signed-in designer, and says what happened. The
 * request then waits for an operator.
 */
export function SchoolEmailConfirmation({ token }: { token: string }) {
  const confirm = useConfirmSchoolEmail();
  // Once per token, even when a development render runs the effect twice: the link works only once.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (token === '' || sent.current === token) return;
    sent.current = token;
    confirm.mutate(token);
  }, [token, confirm]);

  const back = (
    <Button asChild variant="outline">
      <Link to={paths.profile.designer.getHref()}>Back to your profile</Link>
    </Button>
  );
  if (token === '') {
    return (
      <div className="grid gap-4">
        <p role="alert">This link has no token. Open the link from the mail again, or ask for a new one.</p>
        {back}
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <div className="grid gap-4">
        <p role="alert">{errorSentence(confirm.error, 'The address could not be confirmed. Please try again.')}</p>
        {back}
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status">
          Your school e-mail address <strong>{confirm.data.school_email}</strong> is confirmed. A Good Space operator
          will now look at your request for the Verified student badge.
        </p>
        {back}
      </div>
    );
  }
  return <Spinner label="Confirming your school e-mail address…" />;
}
