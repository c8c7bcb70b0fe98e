/**
 * Positions in the browser: the device's, written as 'lat,lng', and a row's coordinates. Distances are measured by
 * the database (docs/decisions/0024-places.md: Earth radius 3,959 miles, whole miles), never here.
 */

export type Coordinates = { latitude: number; longitude: number };

/** What the user is told when the browser has no geolocation API. */
export const GEOLOCATION_UNSUPPORTED_MESSAGE = 'Geolocation is not supported by your browser';

/** A device location is stored as 'lat,long', four decimals each. */
export function formatLatLng({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
}

/** Reads 'lat,lng' (the form a device location is stored in); anything else is not coordinates. */
export function parseLatLng(value: string | null | undefined): Coordinates | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value ?? '');
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** Coordinates from nullable latitude/longitude columns. */
export function toCoordinates(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Coordinates | null {
  return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
}
