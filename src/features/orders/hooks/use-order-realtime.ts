import { useLiveQuery } from '@/hooks/use-live-query';
import { pieceKeys, orderKeys } from '@/lib/query-keys';

const TABLES = [
  'orders',
  'order_pickup_windows',
  'order_pickup_addresses',
  'order_payments',
  'order_problems',
  'order_problem_statements',
] as const;

/**
 * One order, live for its buyer and seller (docs/orders.md): the payment confirmed by the provider's webhook, pickup
 * times offered, confirmed or missed, the address, the handover, a refund or payout, a problem, a statement or a
 * decision show as they happen. One feed over the six tables (row-level security lets only the order's parties hear
 * of it), one catch-up read when it (re)subscribes, so nothing is missed while disconnected; the piece is read
 * again too (paid means sold, refused means returned).
 */
export function useOrderRealtime(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const byOrder = `order_id=eq.${orderId}`;
  useLiveQuery({
    channel: `order:${orderId}`,
    table: TABLES,
    filter: {
      orders: `id=eq.${orderId}`,
      order_pickup_windows: byOrder,
      order_pickup_addresses: byOrder,
      order_payments: byOrder,
      order_problems: byOrder,
      order_problem_statements: byOrder,
    },
    queryKey: orderKeys.detail(orderId),
    alsoReads: [pieceKeys.all],
    enabled,
  });
}
