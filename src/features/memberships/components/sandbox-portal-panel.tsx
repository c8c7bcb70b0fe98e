import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSandboxSession } from '@/features/memberships/api/sandbox-session';
import { SandboxError } from '@/features/memberships/components/sandbox-error';
import { SandboxNotice } from '@/features/memberships/components/sandbox-notice';
import { useSandboxAction } from '@/features/memberships/hooks/use-sandbox-action';
import { PLANS } from '@/features/memberships/utils/plans';

type SandboxPortalPanelProps = {
  userId: string;
  sessionId: string;
  onDone: (url: string) => void;
};

const LIVE = ['active', 'trialing', 'past_due', 'unpaid'];

/**
 * /sandbox/portal (docs/payments.md, "Contract for the app (memberships)"): the test subscription management
 * page — Cancel subscription or Back.
 */
export function SandboxPortalPanel({ userId, sessionId, onDone }: SandboxPortalPanelProps) {
  const query = useSandboxSession(userId, sessionId);
  const action = useSandboxAction(userId, onDone);
  const busy = action.isPending || action.isSuccess;

  if (query.isPending) return <Spinner size="lg" label="Loading the sandbox portal…" />;
  if (query.isError) return <SandboxError error={query.error} />;

  const { notice, session } = query.data;
  const subscriptions = session.subscriptions ?? [];
  const cancellable =
    session.status === 'open' && subscriptions.some((s) => s.provider === 'sandbox' && LIVE.includes(s.status));
  return (
    <div className="space-y-6">
      <SandboxNotice notice={notice} />
      <Card>
        <CardHeader>
          <CardTitle>Your memberships</CardTitle>
          <CardDescription>Cancelling in the sandbox ends the membership at once.</CardDescription>
        </CardHeader>
        <CardContent>
          {subscriptions.length === 0 ? (
            <p>You have no membership.</p>
          ) : (
            <ul className="divide-y">
              {subscriptions.map((sub) => (
                <li key={sub.plan} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span className="font-medium">
                    {PLANS[sub.plan].name} membership ({PLANS[sub.plan].price} / month)
                  </span>
                  <span className="text-sm text-muted-foreground">
                    Status: {sub.status}
                    {sub.current_period_end && LIVE.includes(sub.status)
                      ? `, renews ${new Date(sub.current_period_end).toLocaleDateString()}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
        <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={busy}
            onClick={() => action.mutate({ session: sessionId, action: 'close' })}
          >
            Back
          </Button>
          <Button
            variant="destructive"
            className="w-full sm:w-auto"
            disabled={busy || !cancellable}
            aria-busy={busy}
            onClick={() => action.mutate({ session: sessionId, action: 'cancel-subscription' })}
          >
            Cancel subscription
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
