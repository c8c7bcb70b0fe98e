import { Check } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe to Continue</DialogTitle>
          <DialogDescription>
            This needs a {plan.name} membership: {plan.price} per month, cancel any time.
          </DialogDescription>
        </DialogHeader>
        <ul className="space-y-2 text-sm">
          {plan.benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 text-primary" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Later
          </Button>
          <Button
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              checkout.mutate({
                plan: PLAN_FOR_ROLE[role],
                returnPath: `${location.pathname}${location.search}${location.hash}`,
              })
            }
          >
            {busy ? 'Opening payment page…' : 'Subscribe Now'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
