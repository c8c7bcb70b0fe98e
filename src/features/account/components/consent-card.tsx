import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuthorization, useDecide } from '@/features/account/api/oauth-authorization';
import { pageNavigation } from '@/lib/page-navigation';

/** What each standard scope lets the app do, in words a user understands. */
const SCOPE_TEXT: Record<string, string> = {
  openid: 'Confirm who you are on Good Space',
  email: 'See your e-mail address',
  profile: 'See your name and profile details',
  phone: 'See your phone number',
};

/** OAuth consent: which app asks, for what, and Approve or Deny. */
export function ConsentCard({ authorizationId }: { authorizationId: string }) {
  const query = useAuthorization(authorizationId);
  const decide = useDecide({
    onError: (error) => {
      console.error('Error answering the authorization request', error);
      toast.error('Failed to answer the authorization request', { description: error.message });
    },
  });
  const busy = decide.isPending || decide.isSuccess;

  // Consent already given for these scopes: the server approved at once, go straight back to the app.
  const redirectUrl = query.data?.kind === 'redirect' ? query.data.redirectUrl : null;
  useEffect(() => {
    if (redirectUrl) pageNavigation.open(redirectUrl);
  }, [redirectUrl]);

  if (!authorizationId) {
    return (
      <p role="alert" className="text-destructive">
        This authorization link is incomplete.
      </p>
    );
  }
  if (query.isPending || redirectUrl) return <Spinner size="lg" label="Loading the authorization request…" />;
  if (query.isError || query.data.kind !== 'consent') {
    return (
      <p role="alert" className="text-destructive">
        This authorization request cannot be found or has expired. Start again from the application.
      </p>
    );
  }

  const { details } = query.data;
  const appName = details.client.name || 'An application';
  const scopes = (details.scope ?? '').split(/\s+/).filter(Boolean);
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <div className="flex items-center gap-3">
          {details.client.logo_uri ? (
            <img
              src={details.client.logo_uri}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              className="size-10 rounded"
            />
          ) : (
            <ShieldCheck aria-hidden="true" className="size-10 text-primary" />
          )}
          <CardTitle>{appName} wants to access your Good Space account</CardTitle>
        </div>
        <CardDescription>
          Signed in as {details.user.email}.{' '}
          {details.client.uri ? (
            <>
              The app&apos;s website:{' '}
              <a className="text-primary underline" href={details.client.uri} target="_blank" rel="noreferrer noopener">
                {details.client.uri}
              </a>
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <h2 className="text-sm font-semibold">It will be able to:</h2>
        <ul aria-label="Requested permissions" className="list-disc space-y-1 pl-5">
          {scopes.length === 0 ? <li>Confirm who you are on Good Space</li> : null}
          {scopes.map((scope) => (
            <li key={scope}>
              {SCOPE_TEXT[scope] ?? scope} <span className="text-xs text-muted-foreground">({scope})</span>
            </li>
          ))}
        </ul>
        {details.redirect_uri ? (
          <p className="text-sm break-all text-muted-foreground">You will be sent back to {details.redirect_uri}</p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={() => decide.mutate({ authorizationId, action: 'deny' })}>
          Deny
        </Button>
        <Button disabled={busy} aria-busy={busy} onClick={() => decide.mutate({ authorizationId, action: 'approve' })}>
          Approve
        </Button>
      </CardFooter>
    </Card>
  );
}
