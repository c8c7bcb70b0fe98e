import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { PLANS } from '@/features/memberships/utils/plans';
import { clearPaymentReturnPath, readPaymentReturnPath } from '@/features/memberships/utils/return-path';
import { userKeys } from '@/lib/query-keys';

/** docs/product.md, Limits: the payment-success page rechecks the membership after 2 seconds (the webhook may lag). */
const RECHECK_DELAY_MS = 2_000;

/** Pages that are no "place the user was": coming back to them is no better than the dashboard. */
const NOT_A_RETURN = [paths.pricing.getHref(), paths.paymentSuccess.getHref()];

/**
 * /payment-success (public): the user returns to the page they subscribed from (paymentReturnPath,
 * docs/product.md "Payments"). Once the membership is confirmed they are taken back there at once, where the action
 * that asked them to subscribe now goes on; until then Continue takes them there. Continue to Dashboard goes to the
 * role's dashboard (home without a role), and is the only way on when they subscribed from Pricing or nowhere.
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
  const plan = userId && subscription.subscribed ? subscription.plan : null;

  function go(to: string, options?: { replace: boolean }) {
    clearPaymentReturnPath();
    void navigate(to, options);
  }

  // Confirmed: back to the page at once, replacing this one (Back then leads to where the user was before it).
  const returned = useRef(false);
  useEffect(() => {
    if (!plan || !returnPath || returned.current) return;
    returned.current = true;
    toast.success(`Your ${PLANS[plan].name} membership is active`, { id: 'membership-active' });
    clearPaymentReturnPath();
    void navigate(returnPath, { replace: true });
  }, [plan, returnPath, navigate]);

  return (
    <Page title="Payment successful" className="max-w-2xl">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 text-center">
          <CheckCircle2 aria-hidden="true" className="size-14 text-secondary-foreground" />
          <p className="text-lg">Thank you! Your payment went through.</p>
          <div aria-live="polite" className="min-h-6 text-muted-foreground">
            {!userId ? (
              <p>
                <Link
                  className="text-primary underline"
                  to={paths.auth.getHref({ redirectTo: returnPath ?? dashboard })}
                >
                  Log in
                </Link>{' '}
                to see your membership.
              </p>
            ) : plan ? (
              <p>
                Your {PLANS[plan].name} membership is active
                {subscription.subscriptionEnd
                  ? ` until ${new Date(subscription.subscriptionEnd).toLocaleDateString()}`
                  : ''}
                .
              </p>
            ) : !rechecked || subscription.isLoading ? (
              <p className="inline-flex items-center gap-2">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                {returnPath
                  ? 'Confirming your membership, then taking you back to where you were…'
                  : 'Confirming your membership…'}
              </p>
            ) : (
              <p>
                We have not received the confirmation yet. It usually takes a few seconds; your membership is checked
                again every minute.
              </p>
            )}
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            {returnPath ? <Button onClick={() => go(returnPath, { replace: true })}>Continue</Button> : null}
            <Button variant={returnPath ? 'outline' : 'default'} onClick={() => go(dashboard)}>
              Continue to Dashboard
            </Button>
          </div>
        </CardContent>
      </Card>
    </Page>
  );
}
