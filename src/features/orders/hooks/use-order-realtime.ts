import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogKeys, orderKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/**
 * One order, live for its buyer and seller (realtime on the orders row; row-level security lets only its parties
 * hear of it): the payment confirmed by the provider's webhook, ready for pickup, completed, cancelled or refunded
 * show as they happen. After a (re)subscribe the order is read again, so nothing is missed while disconnected.
 */
export function useOrderRealtime(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopCatchUp = () => {};
    const channel = supabase
      .channel(`order:${orderId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'orders', filter: `id=eq.${orderId}` }, () => {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
        // Paid means sold: the piece's page and the market show it at once.
        void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      })
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, orderKeys.detail(orderId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [enabled, orderId, queryClient]);
}
