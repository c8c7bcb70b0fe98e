import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useOrders, type OrdersSide } from '@/features/orders/api/get-orders';
import { OrderPhoto } from '@/features/orders/components/order-photo';
import { OrderStatusPill } from '@/features/orders/components/order-status-pill';
import { effectiveOrderStatus } from '@/features/orders/utils/order-status';
import { formatDate, formatMoney } from '@/lib/format';

const EMPTY: Record<OrdersSide, string> = {
  purchases: 'You have not bought anything yet. Pieces you buy on Good Stuff appear here.',
  sales: 'No sales yet. When someone buys one of your pieces, the order appears here.',
};

function OrdersTab({ userId, side, active }: { userId: string; side: OrdersSide; active: boolean }) {
  // Each tab reads its list when first shown, then keeps it.
  const orders = useOrders(userId, side, { enabled: active });
  const now = orders.dataUpdatedAt;
  return (
    <PagedList
      query={orders}
      loading="Loading orders…"
      failed="Failed to load your orders"
      // A checkout left unpaid past its time reads as expired: a buyer's list keeps only real purchases.
      select={(rows) => rows.filter((order) => effectiveOrderStatus(order, now) !== 'expired')}
      empty={<p className="text-muted-foreground">{EMPTY[side]}</p>}
      label={side === 'purchases' ? 'Purchases' : 'Sales'}
      className="space-y-3"
      more={{ label: 'Load more orders' }}
    >
      {(order) => (
        <li key={order.id} data-testid="order-row" className="flex items-center gap-4 rounded-lg border p-3">
          <OrderPhoto url={order.item_photo_url} className="w-20" />
          <div className="min-w-0 flex-1 space-y-1">
            <Link to={paths.order.getHref(order.id)} className="font-medium break-words hover:underline">
              {order.item_title}
            </Link>
            <p className="text-sm text-muted-foreground">
              {formatMoney(order.amount)} · {formatDate(order.created_at)}
            </p>
          </div>
          <OrderStatusPill status={effectiveOrderStatus(order, now)} />
        </li>
      )}
    </PagedList>
  );
}

type Props = {
  userId: string;
  tab: OrdersSide;
  onTabChange: (tab: OrdersSide) => void;
};

/** /orders (docs/product.md, Orders): what the user bought and what they sold, newest first, a page at a time. */
export function OrdersList({ userId, tab, onTabChange }: Props) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'sales' ? 'sales' : 'purchases')}>
      <TabsList>
        <TabsTrigger value="purchases">Purchases</TabsTrigger>
        <TabsTrigger value="sales">Sales</TabsTrigger>
      </TabsList>
      <TabsContent value="purchases">
        <OrdersTab userId={userId} side="purchases" active={tab === 'purchases'} />
      </TabsContent>
      <TabsContent value="sales">
        <OrdersTab userId={userId} side="sales" active={tab === 'sales'} />
      </TabsContent>
    </Tabs>
  );
}
