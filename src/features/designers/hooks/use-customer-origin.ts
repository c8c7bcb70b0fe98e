import { useCustomerLocation } from '@/features/designers/api/get-customer-location';
import { useCurrentPosition } from '@/hooks/use-device-location';
import { parseCoordinates, type Coordinates } from '@/lib/geo';

export type OriginState = { status: 'locating' } | { status: 'known'; origin: Coordinates } | { status: 'unknown' };

export const LOCATION_DENIED_MESSAGE = 'Location access denied. Showing all designers.';

/**
 * Where the customer is: the 'lat,long' saved in their profile, else the browser's geolocation (asked once).
 * A city name cannot be placed without a geocoder, so it also falls back to the browser.
 */
export function useCustomerOrigin(userId: string | null | undefined): OriginState {
  const profile = useCustomerLocation(userId);
  const saved = parseCoordinates(profile.data);
  const browser = useCurrentPosition(LOCATION_DENIED_MESSAGE, {
    enabled: !profile.isPending && saved === null,
    positionOptions: { timeout: 10_000, maximumAge: 600_000 },
  });

  if (!userId) return { status: 'unknown' };
  if (profile.isPending) return { status: 'locating' };
  if (saved) return { status: 'known', origin: saved };
  if (browser.status === 'known') return { status: 'known', origin: browser.coordinates };
  return browser.status === 'locating' ? browser : { status: 'unknown' };
}
