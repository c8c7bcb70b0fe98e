import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useCustomerLocation } from '@/features/designers/api/get-customer-location';
import { parseCoordinates, type Coordinates } from '@/lib/geo';

export type OriginState = { status: 'locating' } | { status: 'known'; origin: Coordinates } | { status: 'unknown' };

export const LOCATION_DENIED_MESSAGE = 'Location access denied. Showing all designers.';
export const GEOLOCATION_UNSUPPORTED_MESSAGE = 'Geolocation is not supported by your browser';

/**
 * Where the customer is: the 'lat,long' saved in their profile, else the browser's geolocation (asked once).
 * A city name cannot be placed without a geocoder, so it also falls back to the browser.
 */
export function useCustomerOrigin(userId: string | null | undefined): OriginState {
  const profile = useCustomerLocation(userId);
  const saved = parseCoordinates(profile.data);
  const [browser, setBrowser] = useState<OriginState>({ status: 'locating' });
  const needBrowser = !profile.isPending && saved === null;
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);

  useEffect(() => {
    if (!needBrowser) return;
    if (!supported) {
      toast.error(GEOLOCATION_UNSUPPORTED_MESSAGE, { id: GEOLOCATION_UNSUPPORTED_MESSAGE });
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!cancelled) {
          setBrowser({
            status: 'known',
            origin: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          });
        }
      },
      () => {
        if (cancelled) return;
        toast.error(LOCATION_DENIED_MESSAGE, { id: LOCATION_DENIED_MESSAGE });
        setBrowser({ status: 'unknown' });
      },
      { timeout: 10_000, maximumAge: 600_000 },
    );
    return () => {
      cancelled = true;
    };
  }, [needBrowser, supported]);

  if (!userId) return { status: 'unknown' };
  if (profile.isPending) return { status: 'locating' };
  if (saved) return { status: 'known', origin: saved };
  if (!supported) return { status: 'unknown' };
  return browser;
}
