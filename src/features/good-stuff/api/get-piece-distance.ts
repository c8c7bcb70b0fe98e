import { useQuery } from '@tanstack/react-query';
import type { Coordinates } from '@/lib/geo';
import { pieceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * One piece's distance from the viewer in whole miles, as the database measures it (rpc catalog_item_distance):
 * for a piece's page opened from a shared link, where no market card brought the figure. Null: the piece has no
 * place.
 */
export async function getPieceDistance(itemId: string, origin: Coordinates): Promise<number | null> {
  const { data, error } = await supabase.rpc('catalog_item_distance', {
    item_id: itemId,
    near_lat: origin.latitude,
    near_lng: origin.longitude,
  });
  if (error) throw error;
  return data;
}

/** Asked only when there is an origin and the figure did not come with the visit. */
export function usePieceDistance(itemId: string, origin: Coordinates | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...pieceKeys.detail(itemId), 'distance', origin] as const,
    queryFn: () => getPieceDistance(itemId, origin!),
    enabled: enabled && origin !== null,
  });
}
