import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useActOnSandboxConnect, useSandboxConnect } from '@/features/orders/api/sandbox-connect';

type Props = {
  userId: string;
  /** The sandbox's notice, drawn as every sandbox page draws it (the route passes the component). */
  renderNotice: (notice: string) => ReactNode;
  /** Where the function sends the designer next (Settings). */
  onDone: (url: string) => void;
};

/**
 * /sandbox/connect (docs/payments.md, "The sandbox"): the sandbox's stand-in for Stripe's seller onboarding. Finish
 * onboarding makes the account payable; Leave unfinished keeps a bank account missing, as a seller who stops halfway.
 */
export function SandboxConnectPanel({ userId, renderNotice, onDone }: Props) {
  const query = useSandboxConnect(userId);
  const action = useActOnSandboxConnect(userId, {
    onSuccess: (url) => onDone(url),
    onError: (error) => toast.error(error.message || 'Sandbox onboarding failed'),
  });
  const busy = action.isPending || action.isSuccess;

  if (query.isPending) return <Spinner size="lg" label="Loading the sandbox onboarding…" />;
  if (query.isError)
    return (
      <p role="alert" className="rounded-md border border-destructive/50 p-4 font-medium text-destructive">
        {query.error.message || 'The sandbox onboarding cannot be opened.'}
      </p>
    );

  return (
    <div className="space-y-6">
      {renderNotice(query.data.notice)}
      <Card>
        <CardHeader>
          <CardTitle>Set up payouts</CardTitle>
          <CardDescription>
            On Stripe this is where you would give your name, date of birth and bank account. Here nothing is asked:
            choose how it ends.
          </CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {query.data.account?.can_be_paid ? 'Your sandbox account can already be paid.' : null}
        </CardContent>
        <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={busy}
            onClick={() => action.mutate('connect-leave')}
          >
            Leave unfinished
          </Button>
          <Button
            className="w-full sm:w-auto"
            disabled={busy}
            aria-busy={busy}
            onClick={() => action.mutate('connect-finish')}
          >
            Finish onboarding
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
