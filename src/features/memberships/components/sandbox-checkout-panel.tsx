import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSandboxSession } from '@/features/memberships/api/sandbox-session';
import { SandboxError } from '@/features/memberships/components/sandbox-error';
import { SandboxNotice } from '@/features/memberships/components/sandbox-notice';
import { useSandboxAction } from '@/features/memberships/hooks/use-sandbox-action';
import { formatMoney } from '@/lib/format';

type SandboxCheckoutPanelProps = {
  userId: string;
  sessionId: string;
  /** Where the function sends the user next (the success or cancel page). */
  onDone: (url: string) => void;
};

/**
 * /sandbox/checkout (docs/payments.md, "Contract for the app (memberships)"): the test "payment page" — plan,
 * price, Confirm sandbox payment or Cancel.
 */
export function SandboxCheckoutPanel({ userId, sessionId, onDone }: SandboxCheckoutPanelProps) {
  const query = useSandboxSession(userId, sessionId);
  const action = useSandboxAction(userId, onDone);
  const busy = action.isPending || action.isSuccess;

  if (query.isPending) return <Spinner size="lg" label="Loading the sandbox checkout…" />;
  if (query.isError) return <SandboxError error={query.error} />;

  const { notice, session } = query.data;
  const open = session.status === 'open';
  return (
    <div className="space-y-6">
      <SandboxNotice notice={notice} />
      <Card>
        <CardHeader>
          <CardTitle>{session.plan_name ?? 'Membership'}</CardTitle>
          <CardDescription>Monthly membership, renews every {session.interval ?? 'month'}.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-2xl font-semibold" data-testid="sandbox-amount">
              {session.amount !== undefined ? formatMoney(session.amount / 100) : '—'}
              <span className="text-base font-normal text-muted-foreground"> / {session.interval ?? 'month'}</span>
            </dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>{session.status}</dd>
          </dl>
          {!open ? (
            <p role="alert" className="mt-4 text-sm font-medium">
              {session.status === 'completed'
                ? 'This payment was already confirmed.'
                : session.status === 'expired'
                  ? 'This sandbox session has expired. Start again from Pricing.'
                  : 'This checkout was cancelled.'}
            </p>
          ) : null}
        </CardContent>
        <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={busy || session.status === 'completed'}
            onClick={() => action.mutate({ session: sessionId, action: 'cancel' })}
          >
            Cancel
          </Button>
          <Button
            className="w-full sm:w-auto"
            disabled={busy || !(open || session.status === 'completed')}
            aria-busy={busy}
            onClick={() => action.mutate({ session: sessionId, action: 'confirm' })}
          >
            {session.status === 'completed' ? 'Continue' : 'Confirm sandbox payment'}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
