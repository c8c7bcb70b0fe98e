import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@/features/good-stuff/api/make-offer';
import { offerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * How often offers are read again while their page is open. Changes arrive live (useOffersRealtime); this keeps the
 * states that pass with time (an offer expiring, a reservation lapsing) true on a page left open.
 */
export const OFFER_REFRESH_MS = 5 * 60_000;

/** The viewer's latest offer on a piece (as its buyer), or null: what the item page tells them about it. */
export async function getMyOffer(itemId: string, buyerId: string): Promise<Offer | null> {
  const { data, error } = await supabase
    .from('offers')
    .select('*')
    .eq('catalog_item_id', itemId)
    .eq('buyer_id', buyerId)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function getMyOfferQueryOptions(itemId: string, buyerId: string) {
  return queryOptions({
    queryKey: offerKeys.mine(itemId, buyerId),
    queryFn: () => getMyOffer(itemId, buyerId),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: OFFER_REFRESH_MS,
  });
}

export function useMyOffer(itemId: string, buyerId: string) {
  return useQuery(getMyOfferQueryOptions(itemId, buyerId));
}
