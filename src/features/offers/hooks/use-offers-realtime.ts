import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogKeys, offerKeys } from '@/lib/query-keys';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

/**
 * The offers on a piece, live for the viewer's side of them (realtime on offers for this piece; row-level security
 * lets only an offer's buyer and seller hear of it): a new offer, a counter, an acceptance or a decline reads the
 * viewer's offers again, and the piece too (an acceptance reserves it). After a (re)subscribe they are read again,
 * so nothing that happened while disconnected is missed. `enabled: false` where many pieces are listed at once (My
 * listings reads them again on focus and after each answer instead of holding a channel per piece).
 */
export function useOffersRealtime(itemId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopCatchUp = () => {};
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.piece(itemId) });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.detail(itemId) });
    };
    const channel = supabase
      .channel(`offers:${itemId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'offers', filter: `catalog_item_id=eq.${itemId}` },
        refresh,
      )
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        stopCatchUp();
        stopCatchUp = catchUpAfterSubscribe(queryClient, offerKeys.piece(itemId));
      });
    return () => {
      stopCatchUp();
      void supabase.removeChannel(channel);
    };
  }, [enabled, itemId, queryClient]);
}
