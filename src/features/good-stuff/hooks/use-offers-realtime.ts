import { useLiveQuery } from '@/hooks/use-live-query';
import { pieceKeys, offerKeys } from '@/lib/query-keys';

/**
 * The offers on a piece, live for the viewer's side of them (realtime on offers for this piece; row-level security
 * lets only an offer's buyer and seller hear of it): a new offer, a counter, an acceptance or a decline reads the
 * viewer's offers again, and the piece too (an acceptance reserves it). After a (re)subscribe they are read again,
 * so nothing that happened while disconnected is missed. `enabled: false` where many pieces are listed at once (My
 * listings reads them again on focus and after each answer instead of holding a channel per piece).
 */
export function useOffersRealtime(itemId: string, { enabled = true }: { enabled?: boolean } = {}) {
  useLiveQuery({
    channel: `offers:${itemId}`,
    table: 'offers',
    filter: `catalog_item_id=eq.${itemId}`,
    queryKey: offerKeys.piece(itemId),
    alsoReads: [pieceKeys.detail(itemId)],
    enabled,
  });
}
