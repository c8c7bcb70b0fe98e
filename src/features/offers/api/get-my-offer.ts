import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@/features/offers/api/make-offer';
import { offerKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** How often an open offer is read again while its page is on screen (no live feed of offers: the seller answers). */
export const OFFER_REFRESH_MS = 20_000;

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
