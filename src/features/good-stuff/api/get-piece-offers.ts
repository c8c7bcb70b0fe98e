import { useInfiniteQuery } from '@tanstack/react-query';
import type { Offer } from '@/features/good-stuff/api/make-offer';
import { OFFER_REFRESH_MS } from '@/features/good-stuff/api/get-my-offer';
import { offerKeys } from '@/lib/query-keys';
import { numberedPagesQueryOptions, pageRange } from '@/lib/numbered-pages';
import { supabase } from '@/lib/supabase';

const PIECE_OFFERS_PAGE_SIZE = 20;

export type PieceOffer = Offer & { buyer_name: string };

/**
 * The offers on the seller's piece, newest first, paged, each with its buyer's name (the profile the offer lets
 * the seller read; 'A buyer' when there is none).
 */
export async function getPieceOffersPage(itemId: string, page: number): Promise<PieceOffer[]> {
  const { data, error } = await supabase
    .from('offers')
    .select('*')
    .eq('catalog_item_id', itemId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(...pageRange(page, PIECE_OFFERS_PAGE_SIZE));
  if (error) throw error;
  const buyers = [...new Set(data.map((offer) => offer.buyer_id))];
  const names = new Map<string, string>();
  if (buyers.length > 0) {
    const profiles = await supabase.from('profiles').select('id, full_name').in('id', buyers);
    if (profiles.error) throw profiles.error;
    for (const p of profiles.data) if (p.full_name?.trim()) names.set(p.id, p.full_name.trim());
  }
  return data.map((offer) => ({ ...offer, buyer_name: names.get(offer.buyer_id) ?? 'A buyer' }));
}

export function getPieceOffersQueryOptions(itemId: string) {
  return {
    ...numberedPagesQueryOptions(offerKeys.onPiece(itemId), PIECE_OFFERS_PAGE_SIZE, (page) =>
      getPieceOffersPage(itemId, page),
    ),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: OFFER_REFRESH_MS,
  };
}

export function usePieceOffers(itemId: string) {
  return useInfiniteQuery(getPieceOffersQueryOptions(itemId));
}
