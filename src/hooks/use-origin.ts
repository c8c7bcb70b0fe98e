import { useQuery } from '@tanstack/react-query';
import { useCurrentPosition } from '@/hooks/use-current-position';
import type { Coordinates } from '@/lib/geo';
import { getProfileOriginQueryOptions } from '@/lib/places/profile-origin';
import type { Role } from '@/types/role';

/**
 * Where distances are measured from. While `locating`, `from` says what is awaited: the profile's read, or the
 * device (whose permission prompt may wait for the user).
 */
export type OriginState =
  | { status: 'locating'; from: 'profile' | 'device' }
  | { status: 'known'; origin: Coordinates; from: 'profile' | 'device' }
  | { status: 'unknown' };

type OriginOptions = {
  /**
   * Ask the device when the profile names no place, saying this when it is refused; null: never ask (a page that
   * offers distances only to those who gave a location).
   */
  deviceDeniedMessage: string | null;
};

/**
 * The signed-in user's origin for the distance reads (docs/decisions/0024-places.md): their profile's place (the
 * coordinates the database keeps from it), else the device's position when the page may ask, else none. `role`
 * undefined: not known yet (locating).
 */
export function useOrigin(
  userId: string | null | undefined,
  role: Role | null | undefined,
  { deviceDeniedMessage }: OriginOptions,
): OriginState {
  const profile = useQuery({
    ...getProfileOriginQueryOptions(userId ?? '', role ?? 'customer'),
    enabled: Boolean(userId && role),
  });
  // A failed read of one's own profile is a profile without a place: the device may still tell.
  const saved = profile.isSuccess ? profile.data : null;
  const askDevice = deviceDeniedMessage !== null && Boolean(userId && role) && !profile.isPending && saved === null;
  const device = useCurrentPosition(deviceDeniedMessage ?? '', {
    enabled: askDevice,
    positionOptions: { timeout: 10_000, maximumAge: 600_000 },
  });

  if (!userId || role === null) return { status: 'unknown' };
  if (role === undefined || profile.isPending) return { status: 'locating', from: 'profile' };
  if (saved) return { status: 'known', origin: saved, from: 'profile' };
  if (!askDevice) return { status: 'unknown' };
  if (device.status === 'known') return { status: 'known', origin: device.coordinates, from: 'device' };
  return device.status === 'locating' ? { status: 'locating', from: 'device' } : { status: 'unknown' };
}

/** The origin's coordinates once known; null otherwise. */
export function originOf(state: OriginState): Coordinates | null {
  return state.status === 'known' ? state.origin : null;
}
