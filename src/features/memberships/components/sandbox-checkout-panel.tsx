import { SandboxCard, SandboxPanel } from '@/components/sandbox/sandbox-panel';
import { useSandboxAction } from '@/components/sandbox/use-sandbox-action';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActOnSandboxSession, useSandboxSession } from '@/features/memberships/api/sandbox-session';
import { SandboxError } from '@/features/memberships/components/sandbox-error';
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
  const { mutate, busy } = useSandboxAction(useActOnSandboxSession, userId, onDone, 'Sandbox action failed');

  return (
    <SandboxPanel query={query} loading="Loading the sandbox checkout…" refusal={SandboxError}>
      {({ notice, session }) => {
        const open = session.status === 'open';
        const completed = session.status === 'completed';
        return (
          <SandboxCard
            notice={notice}
            busy={busy}
            back={{
              label: 'Cancel',
              disabled: busy || completed,
              onClick: () => mutate({ session: sessionId, action: 'cancel' }),
            }}
            go={{
              label: completed ? 'Continue' : 'Confirm sandbox payment',
              disabled: busy || !(open || completed),
              onClick: () => mutate({ session: sessionId, action: 'confirm' }),
            }}
          >
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
                  {completed
                    ? 'This payment was already confirmed.'
                    : session.status === 'expired'
                      ? 'This sandbox session has expired. Start again from Pricing.'
                      : 'This checkout was cancelled.'}
                </p>
              ) : null}
            </CardContent>
          </SandboxCard>
        );
      }}
    </SandboxPanel>
  );
}
