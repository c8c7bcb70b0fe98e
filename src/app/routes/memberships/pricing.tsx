import { useLocation, useNavigate } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { PlanCard } from '@/features/memberships/components/plan-card';
import { useCheckout } from '@/features/memberships/hooks/use-checkout';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { PLAN_FOR_ROLE, PLANS, type Plan } from '@/features/memberships/utils/plans';

const ORDER: readonly Plan[] = ['client', 'designer'];

/** /pricing (public; docs/product.md, Pages): the two memberships; Subscribe opens the payment page for the plan. */
export function Component() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const userId = auth.user?.id;
  const { data: role = null } = useUserRole(userId);
  const subscription = useSubscription(userId);
  const checkout = useCheckout({
    // Signed out: the function answers 'Must be logged in…'; after signing in the user comes back here.
    onLoginRequired: () => void navigate(paths.auth.getHref({ redirectTo: location.pathname })),
  });
  const ownPlan = role ? PLAN_FOR_ROLE[role] : null;
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <Page
      title="Pricing"
      description="One small monthly membership for each side of Good Space. Cancel any time from Settings."
    >
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {ORDER.map((plan) => (
          <PlanCard
            key={plan}
            {...PLANS[plan]}
            highlighted={ownPlan === plan}
            current={ownPlan === plan && subscription.subscribed}
            busy={busy && checkout.variables?.plan === plan}
            onSubscribe={() => checkout.mutate({ plan, returnPath: `${location.pathname}${location.search}` })}
          />
        ))}
      </div>
      <p className="mx-auto mt-8 max-w-4xl text-center text-sm text-muted-foreground">
        Customers subscribe to the Client plan, designers to the Designer plan. To use the other plan, change your
        account type in Settings first.
      </p>
    </Page>
  );
}
