import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { useAuth } from '@/features/account/hooks/use-auth';
import { OrdersList } from '@/features/orders/components/orders-list';

/** /orders (docs/product.md, Orders): Purchases and Sales; the tab is in the address (`?tab=sales`). */
export function Component() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sales' ? 'sales' : 'purchases';
  if (!auth.user) return null;
  return (
    <Page title="Orders" description="Good Stuff you bought and sold. Open an order to arrange the pickup.">
      <OrdersList
        userId={auth.user.id}
        tab={tab}
        onTabChange={(next) => setParams(next === 'sales' ? { tab: 'sales' } : {}, { replace: true })}
      />
    </Page>
  );
}
