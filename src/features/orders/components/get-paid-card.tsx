import { useId } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useSellerAccount } from '@/features/orders/api/get-seller-account';
import { useOpenPayoutDashboard } from '@/features/orders/api/open-payout-dashboard';
import { useStartPayoutsOnboarding } from '@/features/orders/api/start-payouts-onboarding';
import { pageNavigation } from '@/lib/page-navigation';
import { listInWords, requirementWords } from '@/features/orders/utils/requirements';

type Props = {
  userId: string;
  /**
   * How the designer arrived: back from onboarding (`return`, the provider is asked for the account's state), or
   * sent back because the onboarding link expired (`refresh`); null otherwise.
   */
  arrival: 'return' | 'refresh' | null;
};

/**
 * Settings → Get paid (designers; docs/product.md, Orders): set up payouts once, through Stripe's onboarding (or
 * the sandbox's), and see whether the account can be paid or what is still missing. Buy Now shows on a designer's
 * pieces only once it can.
 */
export function GetPaidCard({ userId, arrival }: Props) {
  const id = useId();
  const account = useSellerAccount(userId, { refresh: arrival !== null });
  const onboard = useStartPayoutsOnboarding({
    onSuccess: (url) => pageNavigation.open(url),
    onError: (error) => toast.error(error.message || 'Failed to open the payout setup'),
  });
  const dashboard = useOpenPayoutDashboard({
    onSuccess: (url) => pageNavigation.open(url),
    onError: (error) => toast.error(error.message || 'Failed to open the payout dashboard'),
  });
  const busy = onboard.isPending || onboard.isSuccess;

  const data = account.data ?? null;
  const ready = data?.can_be_paid === true;
  const missing = data && !ready ? requirementWords(data.requirements_due) : [];

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`${id}-title`}>Get paid</CardTitle>
          {account.isSuccess ? (
            <Badge variant={ready ? 'secondary' : 'outline'}>
              {ready ? 'Payouts enabled' : data ? 'Setup in progress' : 'Not set up'}
            </Badge>
          ) : null}
        </div>
        <CardDescription>Get paid for your Good Stuff sales. You keep 100% of each sale.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm" role="status" aria-live="polite" data-testid="get-paid-state">
        {account.isPending ? (
          <p className="text-muted-foreground">
            {arrival === 'return' ? 'Checking your payout setup…' : 'Loading your payout setup…'}
          </p>
        ) : account.isError ? (
          <p className="text-destructive">Couldn't load your payout setup.</p>
        ) : ready ? (
          <p>
            <span className="font-medium">Payouts enabled.</span> Buy Now shows on your pieces, and each sale is paid to
            you in full when its buyer collects the piece.
          </p>
        ) : data ? (
          <>
            {arrival === 'refresh' ? <p>Your setup link expired. Continue setup to get a new one.</p> : null}
            <p>
              {missing.length > 0
                ? `To finish, add your ${listInWords(missing)}.`
                : 'Your details are being checked. This usually takes a few minutes.'}
            </p>
            <p className="text-muted-foreground">
              Until then buyers can make offers and ask you questions, but not buy with Buy Now.
            </p>
          </>
        ) : (
          <p className="text-muted-foreground">
            Set up payouts once and buyers can pay for your pieces with Buy Now. Until then they can make offers and ask
            you questions.
          </p>
        )}
      </CardContent>
      {account.isSuccess ? (
        <CardFooter className="flex flex-wrap gap-2">
          {!ready ? (
            <Button disabled={busy} aria-busy={busy} onClick={() => onboard.mutate()}>
              {data ? 'Continue setup' : 'Get paid'}
            </Button>
          ) : data?.provider === 'stripe' ? (
            <Button
              variant="outline"
              disabled={dashboard.isPending}
              aria-busy={dashboard.isPending}
              onClick={() => dashboard.mutate()}
            >
              Payout dashboard
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
