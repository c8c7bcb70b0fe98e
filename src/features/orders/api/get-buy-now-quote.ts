import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Why the viewer cannot buy a piece now (the same rules as opening an order, ADR 0029); 'blocked': the viewer and
 * the seller are in a block (docs/trust-and-safety.md).
 */
export type BuyNowRefusal = 'own_piece' | 'not_available' | 'seller_not_ready' | 'reserved' | 'held' | 'blocked';

const quoteSchema = z.object({
  can_buy: z.boolean(),
  reason: z.enum(['own_piece', 'not_available', 'seller_not_ready', 'reserved', 'held', 'blocked']).nullable(),
  amount: z.coerce.number().nullable(),
  offer_id: z.string().nullable(),
});

export type BuyNowQuote = z.infer<typeof quoteSchema>;

/**
 * What Buy Now would charge the viewer for a piece, from the database: the list price, or the price of their
 * accepted offer while it reserves the piece for them; or why they cannot buy it now.
 */
export async function getBuyNowQuote(itemId: string): Promise<BuyNowQuote> {
  const { data, error } = await supabase.rpc('buy_now_quote', { item_id: itemId });
  if (error) throw error;
  return quoteSchema.parse(data);
}

export function getBuyNowQuoteQueryOptions(itemId: string, viewerId: string) {
  return queryOptions({
    // Under the piece: whatever reads the piece again (a live offer change, a status change) reads this too.
    queryKey: [...pieceKeys.detail(itemId), 'buy-now-quote', viewerId] as const,
    queryFn: () => getBuyNowQuote(itemId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useBuyNowQuote(itemId: string, viewerId: string) {
  return useQuery(getBuyNowQuoteQueryOptions(itemId, viewerId));
}
