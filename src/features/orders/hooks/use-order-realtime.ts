import { useLiveQuery } from '@/hooks/use-live-query';
import { pieceKeys, orderKeys } from '@/lib/query-keys';

/**
 * One order, live for its buyer and seller (realtime on the orders row; row-level security lets only its parties
 * hear of it): the payment confirmed by the provider's webhook, ready for pickup, completed, cancelled or refunded
 * show as they happen, and the piece too (paid means sold). After a (re)subscribe the order is read again, so
 * nothing is missed while disconnected.
 */
export function useOrderRealtime(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  useLiveQuery({
    channel: `order:${orderId}`,
    table: 'orders',
    filter: `id=eq.${orderId}`,
    queryKey: orderKeys.detail(orderId),
    alsoReads: [pieceKeys.all],
    enabled,
  });
}
