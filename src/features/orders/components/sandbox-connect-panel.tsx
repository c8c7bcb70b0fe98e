import { SandboxCard, SandboxPanel } from '@/components/sandbox/sandbox-panel';
import { useSandboxAction } from '@/components/sandbox/use-sandbox-action';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActOnSandboxConnect, useSandboxConnect } from '@/features/orders/api/sandbox-connect';

type Props = {
  userId: string;
  /** Where the function sends the designer next (Settings). */
  onDone: (url: string) => void;
};

/**
 * /sandbox/connect (docs/payments.md, "The sandbox"): the sandbox's stand-in for Stripe's seller onboarding. Finish
 * onboarding makes the account payable; Leave unfinished keeps a bank account missing, as a seller who stops halfway.
 */
export function SandboxConnectPanel({ userId, onDone }: Props) {
  const query = useSandboxConnect(userId);
  const { mutate, busy } = useSandboxAction(useActOnSandboxConnect, userId, onDone, 'Sandbox onboarding failed');

  return (
    <SandboxPanel
      query={query}
      loading="Loading the sandbox onboarding…"
      failure="The sandbox onboarding cannot be opened."
    >
      {({ notice, account }) => (
        <SandboxCard
          notice={notice}
          busy={busy}
          back={{ label: 'Leave unfinished', disabled: busy, onClick: () => mutate('connect-leave') }}
          go={{ label: 'Finish onboarding', disabled: busy, onClick: () => mutate('connect-finish') }}
        >
          <CardHeader>
            <CardTitle>Set up payouts</CardTitle>
            <CardDescription>
              On Stripe this is where you would give your name, date of birth and bank account. Here nothing is asked:
              choose how it ends.
            </CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {account?.can_be_paid ? 'Your sandbox account can already be paid.' : null}
          </CardContent>
        </SandboxCard>
      )}
    </SandboxPanel>
  );
}
