import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { GEOLOCATION_UNSUPPORTED_MESSAGE, type Coordinates } from '@/lib/geo';

function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

/** Toast ids are the messages, so a screen asking twice (or two parts of one screen) shows one toast. */
function toastOnce(message: string) {
  toast.error(message, { id: message });
}

export type CurrentPosition =
  { status: 'locating' } | { status: 'known'; coordinates: Coordinates } | { status: 'unavailable' };

/**
 * The browser's position, asked once when `enabled` (default true) becomes true: for screens that sort or filter by
 * distance. A refusal shows `deniedMessage` and leaves the position unavailable; so does a browser without the API.
 */
export function useCurrentPosition(
  deniedMessage: string,
  {
    enabled = true,
    positionOptions = { maximumAge: 10 * 60_000, timeout: 15_000 },
  }: {
    enabled?: boolean;
    positionOptions?: PositionOptions;
  } = {},
): CurrentPosition {
  const supported = geolocationSupported();
  const [state, setState] = useState<CurrentPosition>({ status: 'locating' });
  const { maximumAge, timeout, enableHighAccuracy } = positionOptions;

  useEffect(() => {
    if (!enabled) return;
    if (!supported) {
      toastOnce(GEOLOCATION_UNSUPPORTED_MESSAGE);
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (cancelled) return;
        setState({
          status: 'known',
          coordinates: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        });
      },
      () => {
        if (cancelled) return;
        toastOnce(deniedMessage);
        setState({ status: 'unavailable' });
      },
      { maximumAge, timeout, enableHighAccuracy },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, supported, deniedMessage, maximumAge, timeout, enableHighAccuracy]);

  return supported ? state : { status: 'unavailable' };
}
