import { SandboxCard, SandboxPanel } from '@/components/sandbox/sandbox-panel';
import { useSandboxAction } from '@/components/sandbox/use-sandbox-action';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActOnSandboxSession, useSandboxSession } from '@/features/memberships/api/sandbox-session';
import { SandboxError } from '@/features/memberships/components/sandbox-error';
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
  const { mutate, busy } = useSandboxAction(useActOnSandboxSession, userId, onDone, 'Sandbox action failed');

  return (
    <SandboxPanel query={query} loading="Loading the sandbox portal…" refusal={SandboxError}>
      {({ notice, session }) => {
        const subscriptions = session.subscriptions ?? [];
        const cancellable =
          session.status === 'open' && subscriptions.some((s) => s.provider === 'sandbox' && LIVE.includes(s.status));
        return (
          <SandboxCard
            notice={notice}
            busy={busy}
            back={{ label: 'Back', disabled: busy, onClick: () => mutate({ session: sessionId, action: 'close' }) }}
            go={{
              label: 'Cancel subscription',
              destructive: true,
              disabled: busy || !cancellable,
              onClick: () => mutate({ session: sessionId, action: 'cancel-subscription' }),
            }}
          >
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
          </SandboxCard>
        );
      }}
    </SandboxPanel>
  );
}
