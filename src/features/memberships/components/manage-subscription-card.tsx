import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useOpenCustomerPortal } from '@/features/memberships/api/open-customer-portal';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { PLANS } from '@/features/memberships/utils/plans';

/** Settings: the membership of the user's account type and Cancel Subscription (the management page). */
export function ManageSubscriptionCard({ userId }: { userId: string }) {
  const subscription = useSubscription(userId);
  const portal = useOpenCustomerPortal({
    onError: (error) => {
      console.error('Error opening customer portal', error);
      toast.error('Failed to open subscription management');
    },
  });
  const plan = subscription.plan ? PLANS[subscription.plan] : null;

  return (
    <Card role="region" aria-labelledby="subscription-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="subscription-title">Subscription</CardTitle>
          {subscription.isLoading ? null : subscription.subscribed ? (
            <Badge variant="secondary">Active</Badge>
          ) : (
            <Badge variant="outline">Not subscribed</Badge>
          )}
        </div>
        <CardDescription>
          {subscription.isLoading
            ? 'Checking your membership…'
            : subscription.subscribed && plan
              ? `${plan.name} membership, ${plan.price} per month${
                  subscription.subscriptionEnd
                    ? `; current period ends ${new Date(subscription.subscriptionEnd).toLocaleDateString()}`
                    : ''
                }.`
              : 'You have no active membership for your account type.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Cancelling and billing details are handled on the subscription management page, which opens in a new tab.
      </CardContent>
      <CardFooter>
        <Button
          variant="outline"
          disabled={portal.isPending}
          aria-busy={portal.isPending}
          onClick={() => portal.mutate()}
        >
          Cancel Subscription
        </Button>
      </CardFooter>
    </Card>
  );
}
