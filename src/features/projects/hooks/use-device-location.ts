import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Coordinates } from '@/lib/geo';

export type DeviceLocation =
  { status: 'locating' } | { status: 'known'; coordinates: Coordinates } | { status: 'unavailable' };

/** The browser's position, asked once; a refusal shows `deniedMessage` and leaves the location unavailable. */
export function useDeviceLocation(deniedMessage: string): DeviceLocation {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
  const [state, setState] = useState<DeviceLocation>(supported ? { status: 'locating' } : { status: 'unavailable' });

  useEffect(() => {
    if (!supported) {
      toast.error('Geolocation is not supported by your browser', { id: 'geolocation-unsupported' });
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
        toast.error(deniedMessage, { id: deniedMessage });
        setState({ status: 'unavailable' });
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
    return () => {
      cancelled = true;
    };
  }, [supported, deniedMessage]);

  return state;
}
