import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUnsubscribeByToken, useUnsubscribeTarget } from '@/features/account/api/unsubscribe-by-token';
import { FunctionError } from '@/lib/function-error';

const isInvalid = (error: unknown) => error instanceof FunctionError && error.status === 400;

function SettingsLink() {
  return (
    <Link to={paths.settings.getHref()} className="font-medium underline underline-offset-4">
      Settings
    </Link>
  );
}

function Invalid() {
  return (
    <Card>
      <CardHeader>
        <CardTitle role="alert">This link is not valid</CardTitle>
        <CardDescription>
          The unsubscribe link is incomplete or out of date. You can choose which e-mails you get in <SettingsLink />.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/**
 * The page a notification mail's "Stop these e-mails" link opens (docs/decisions/0025-notifications.md): it only
 * asks (mail scanners open every link), and the button turns that one kind of e-mail off. No sign-in needed.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const target = useUnsubscribeTarget(token);
  const unsubscribe = useUnsubscribeByToken();

  if (!token || isInvalid(target.error) || isInvalid(unsubscribe.error)) return <Invalid />;
  if (target.isPending) return <Spinner label="Reading the link…" />;
  if (target.isError) {
    return (
      <Card>
        <CardHeader>
          <CardTitle role="alert">Something went wrong</CardTitle>
          <CardDescription>We couldn't read this link. Please try again in a moment.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void target.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <Card>
        <CardHeader>
          <CardTitle role="status">You are unsubscribed</CardTitle>
          <CardDescription>
            You will no longer get e-mails about {target.data.topic}. You will still see them in the app, and you can
            turn the e-mails back on in <SettingsLink />.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stop e-mails about {target.data.topic}?</CardTitle>
        <CardDescription>You will still see them in the app.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {unsubscribe.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {unsubscribe.error.message}
          </p>
        ) : null}
        <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </CardContent>
    </Card>
  );
}
