import { useQuery } from '@tanstack/react-query';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** How many people saved the seller's own piece (catalog_items.saved_count, kept by the database). */
export async function getSavedCount(itemId: string): Promise<number> {
  const { data, error } = await supabase.from('catalog_items').select('saved_count').eq('id', itemId).single();
  if (error) throw error;
  return data.saved_count;
}

/** Read only for the piece's seller: the count is theirs to see ("12 people saved this"). */
export function useSavedCount(itemId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: pieceKeys.savedCount(itemId), queryFn: () => getSavedCount(itemId), enabled });
}
