import { Badge } from '@/components/ui/badge';
import { ORDER_STATUS_LABEL, ORDER_STATUS_VARIANT, type OrderStatus } from '@/features/orders/utils/order-status';

/** An order's status in words (never colour alone). */
export function OrderStatusPill({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={ORDER_STATUS_VARIANT[status]} data-testid="order-status">
      {ORDER_STATUS_LABEL[status]}
    </Badge>
  );
}
