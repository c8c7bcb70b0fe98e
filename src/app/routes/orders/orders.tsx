import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import { DesignFeePayments } from '@/features/milestones/components/design-fee-payments';
import { OrdersList } from '@/features/orders/components/orders-list';

/**
 * /orders (docs/product.md, Orders): Purchases and Sales; the tab is in the address (`?tab=sales`). A customer also
 * finds their design-fee payments and refunds there, with receipts.
 */
export function Component() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sales' ? 'sales' : 'purchases';
  const role = useUserRole(auth.user?.id ?? '');
  if (!auth.user) return null;
  return (
    <Page title="Orders" description="Good Stuff you bought and sold. Open an order to arrange the pickup.">
      <div className="space-y-8">
        <OrdersList
          userId={auth.user.id}
          tab={tab}
          onTabChange={(next) => setParams(next === 'sales' ? { tab: 'sales' } : {}, { replace: true })}
        />
        {/* A customer's design fees paid through milestones, with receipts (docs/milestones.md). */}
        {role.data === 'customer' ? <DesignFeePayments customerId={auth.user.id} /> : null}
      </div>
    </Page>
  );
}
