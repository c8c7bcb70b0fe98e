import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { GEOLOCATION_UNSUPPORTED_MESSAGE, formatLatLng, type Coordinates } from '@/lib/geo';

// In src/lib/geo.ts, which has no dependencies, so the location field of first-paint forms can use them too.
export { GEOLOCATION_UNSUPPORTED_MESSAGE, formatLatLng };

function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

/** Toast ids are the messages, so a screen asking twice (or two parts of one screen) shows one toast. */
function toastOnce(message: string) {
  toast.error(message, { id: message });
}

type LocateOptions = {
  /** What a refusal says; it differs per screen. */
  deniedMessage: string;
  /** Receives the position as 'lat,long' (4 decimals) and as numbers. */
  onLocated: (latLng: string, coordinates: Coordinates) => void;
  positionOptions?: PositionOptions;
};

/**
 * The "use my location" button: `locate()` asks the browser once per call; `locating` is true while it waits.
 * A missing API or a refusal is a toast, and the field is left as the user typed it.
 */
export function useDeviceLocation({ deniedMessage, onLocated, positionOptions = { timeout: 10_000 } }: LocateOptions) {
  const [locating, setLocating] = useState(false);
  // The latest callback, so a slow answer fills the form as it is now, not as it was when the button was pressed.
  const latest = useRef(onLocated);
  useEffect(() => {
    latest.current = onLocated;
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const { maximumAge, timeout, enableHighAccuracy } = positionOptions;

  const locate = useCallback(() => {
    if (!geolocationSupported()) {
      toastOnce(GEOLOCATION_UNSUPPORTED_MESSAGE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setLocating(false);
        const coordinates = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        latest.current(formatLatLng(coordinates), coordinates);
      },
      () => {
        if (!mounted.current) return;
        setLocating(false);
        toastOnce(deniedMessage);
      },
      { maximumAge, timeout, enableHighAccuracy },
    );
  }, [deniedMessage, maximumAge, timeout, enableHighAccuracy]);

  return { locate, locating };
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
