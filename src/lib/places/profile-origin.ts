import { queryOptions } from '@tanstack/react-query';
import { toCoordinates, type Coordinates } from '@/lib/geo';
import { ownProfileKeys } from '@/lib/query-keys';
import { loadSupabase } from '@/lib/supabase-loader';
import type { Role } from '@/types/role';

/**
 * Where the signed-in user is, as their profile says: the coordinates the database set from the place their
 * location names (docs/decisions/0024-places.md); null when it names none or there is no profile. The distance
 * reads measure from here.
 */
export async function getProfileOrigin(userId: string, role: Role): Promise<Coordinates | null> {
  const supabase = await loadSupabase();
  const { data, error } =
    role === 'customer'
      ? await supabase.from('customer_profiles').select('latitude, longitude').eq('user_id', userId).maybeSingle()
      : await supabase.from('designer_profiles').select('latitude, longitude').eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return toCoordinates(data?.latitude, data?.longitude);
}

/** Under the user's own profile: saving the profile (a new place) refreshes it. */
export function getProfileOriginQueryOptions(userId: string, role: Role) {
  const profile = role === 'customer' ? ownProfileKeys.customer(userId) : ownProfileKeys.designer(userId);
  return queryOptions({
    queryKey: [...profile, 'origin'],
    queryFn: () => getProfileOrigin(userId, role),
  });
}
