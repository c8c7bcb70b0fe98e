import { loadSupabase } from '@/lib/supabase-loader';
import type { Coordinates } from '@/lib/geo';
import { toPlace, type Place } from '@/lib/places/place';

/** The city nearest to a position (nearest_place), or null when none lies within 50 miles. */
export async function nearestPlace({ latitude, longitude }: Coordinates): Promise<Place | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('nearest_place', { latitude, longitude });
  if (error) throw error;
  const [row] = data ?? [];
  return row ? toPlace(row) : null;
}
