import { Check } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { FormDialog } from '@/components/form-dialog';
import { useCheckout } from '@/features/memberships/hooks/use-checkout';
import { PLAN_FOR_ROLE, PLANS } from '@/features/memberships/utils/plans';
import type { Role } from '@/types/role';

type SubscribeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's account type: it decides the plan (client for customers, designer for designers). */
  /** The account type whose plan Subscribe Now buys (named so it is not mistaken for an ARIA role). */
  accountRole: Role;
};

/**
 * "Subscribe to Continue" (docs/product.md, Payments): shown where an action needs a membership. Subscribe Now starts the
 * checkout for the role's plan and brings the user back to this page afterwards; Later just closes.
 */
export function SubscribeDialog({ open, onOpenChange, accountRole: role }: SubscribeDialogProps) {
  const location = useLocation();
  const checkout = useCheckout();
  const plan = PLANS[PLAN_FOR_ROLE[role]];
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Subscribe to Continue"
      description={`This needs a ${plan.name} membership: ${plan.price} per month, cancel any time.`}
      onSubmit={(event) => {
        event.preventDefault();
        checkout.mutate({
          plan: PLAN_FOR_ROLE[role],
          returnPath: `${location.pathname}${location.search}${location.hash}`,
        });
      }}
      pending={busy}
      cancelLabel="Later"
      submitLabel="Subscribe Now"
      pendingLabel="Opening payment page…"
    >
      <ul className="space-y-2 text-sm">
        {plan.benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 text-primary" />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
    </FormDialog>
  );
}
