import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/auth/api/get-user-role';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';
import { PLANS } from '@/features/subscription/utils/plans';
import { clearPaymentReturnPath, readPaymentReturnPath } from '@/features/subscription/utils/return-path';
import { userKeys } from '@/lib/query-keys';

/** SPEC §9: the payment-success page rechecks the membership after 2 seconds (the webhook may lag). */
const RECHECK_DELAY_MS = 2_000;

/** Pages that are no "place the user was": coming back to them is no better than the dashboard. */
const NOT_A_RETURN = [paths.pricing.getHref(), paths.paymentSuccess.getHref()];

/**
 * SPEC §2 /payment-success (public). Continue to Dashboard goes to the role's dashboard (home without a
 * role). SPEC §4 says the user returns to paymentReturnPath: when that is a real page, it is offered first.
 */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = auth.user?.id;
  const { data: role = null } = useUserRole(userId);
  const subscription = useSubscription(userId);
  const [rechecked, setRechecked] = useState(false);
  const [returnPath] = useState(() => {
    const stored = readPaymentReturnPath();
    return stored && !NOT_A_RETURN.some((path) => stored.split(/[?#]/)[0] === path) ? stored : null;
  });

  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: userKeys.subscription(userId) }).then(() => setRechecked(true));
    }, RECHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [queryClient, userId]);

  const dashboard = role ? paths.dashboard.getHref(role) : paths.home.getHref();

  function go(to: string) {
    clearPaymentReturnPath();
    void navigate(to);
  }

  return (
    <Page title="Payment successful" className="max-w-2xl">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 text-center">
          <CheckCircle2 aria-hidden="true" className="size-14 text-secondary-foreground" />
          <p className="text-lg">Thank you! Your payment went through.</p>
          <div aria-live="polite" className="min-h-6 text-muted-foreground">
            {!userId ? (
              <p>
                <Link className="text-primary underline" to={paths.auth.getHref({ redirectTo: dashboard })}>
                  Log in
                </Link>{' '}
                to see your membership.
              </p>
            ) : subscription.subscribed && subscription.plan ? (
              <p>
                Your {PLANS[subscription.plan].name} membership is active
                {subscription.subscriptionEnd
                  ? ` until ${new Date(subscription.subscriptionEnd).toLocaleDateString()}`
                  : ''}
                .
              </p>
            ) : !rechecked || subscription.isLoading ? (
              <p className="inline-flex items-center gap-2">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Confirming your membership…
              </p>
            ) : (
              <p>
                We have not received the confirmation yet. It usually takes a few seconds; your membership is checked
                again every minute.
              </p>
            )}
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            {returnPath ? <Button onClick={() => go(returnPath)}>Return to where you were</Button> : null}
            <Button variant={returnPath ? 'outline' : 'default'} onClick={() => go(dashboard)}>
              Continue to Dashboard
            </Button>
          </div>
        </CardContent>
      </Card>
    </Page>
  );
}
