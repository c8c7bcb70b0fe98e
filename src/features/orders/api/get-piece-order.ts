import { queryOptions, useQuery } from '@tanstack/react-query';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The viewer's paid order of a piece, as its buyer or its seller (row-level security shows each only their own
 * orders; paid, collected, disputed or completed: at most one per piece), or null. The piece's page links to it.
 */
export async function getPieceOrder(itemId: string) {
  const { data, error } = await supabase
    .from('orders')
    .select('id, buyer_id, seller_id, status')
    .eq('catalog_item_id', itemId)
    .in('status', ['paid', 'collected', 'disputed', 'completed'])
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function getPieceOrderQueryOptions(itemId: string, viewerId: string) {
  return queryOptions({
    // Under the piece: whatever reads the piece again (an order paid, live) reads this too.
    queryKey: [...pieceKeys.detail(itemId), 'order', viewerId] as const,
    queryFn: () => getPieceOrder(itemId),
  });
}

export function usePieceOrder(itemId: string, viewerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPieceOrderQueryOptions(itemId, viewerId), enabled });
}
