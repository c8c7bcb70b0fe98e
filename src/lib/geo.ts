/** Distances for the nearby filters (docs/product.md, Limits: Earth radius 3,959 miles, 100-mile radius, whole miles). */

export const EARTH_RADIUS_MILES = 3959;
export const NEARBY_RADIUS_MILES = 100;

export type Coordinates = { latitude: number; longitude: number };

/** What the user is told when the browser has no geolocation API. */
export const GEOLOCATION_UNSUPPORTED_MESSAGE = 'Geolocation is not supported by your browser';

/** A device location is stored as 'lat,long', four decimals each. */
export function formatLatLng({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
}

/** Great-circle distance in miles (haversine), unrounded. */
export function haversineMiles(a: Coordinates, b: Coordinates): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance rounded to whole miles, as shown to users. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  return Math.round(haversineMiles(a, b));
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

export type WithDistance<T> = T & { distance: number | null };

/**
 * Adds each item's distance from `origin` (null when either side has no coordinates) and drops items with a
 * known distance beyond the radius; items without coordinates stay. If that leaves nothing, every item is shown
 * (when no project or designer lies in range, all are shown). Without an origin nothing is dropped.
 */
export function filterNearby<T>(
  items: readonly T[],
  origin: Coordinates | null,
  coordinatesOf: (item: T) => Coordinates | null,
  radiusMiles: number = NEARBY_RADIUS_MILES,
): WithDistance<T>[] {
  const measured = items.map((item) => {
    const at = coordinatesOf(item);
    return { ...item, distance: origin && at ? distanceMiles(origin, at) : null };
  });
  if (!origin) return measured;
  const near = measured.filter((item) => item.distance === null || item.distance <= radiusMiles);
  return near.length > 0 ? near : measured;
}

/** Same as parseLatLng: a saved location string as coordinates, or null when it is a place name. */
export const parseCoordinates = parseLatLng;

/** A row's coordinates: its latitude/longitude columns, else its location when that is 'lat,lng'. */
export function coordinatesOf(row: {
  latitude?: number | null;
  longitude?: number | null;
  location?: string | null;
}): Coordinates | null {
  return toCoordinates(row.latitude, row.longitude) ?? parseLatLng(row.location);
}

export type BoundingBox = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

/**
 * A latitude/longitude box containing the circle of `radiusMiles` around `origin`, for a coarse database
 * filter (the exact circle is checked with haversineMiles afterwards). Near the poles the box spans all longitudes.
 */
export function boundingBox(origin: Coordinates, radiusMiles: number = NEARBY_RADIUS_MILES): BoundingBox {
  const latDelta = (radiusMiles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLatitude = Math.max(-90, origin.latitude - latDelta);
  const maxLatitude = Math.min(90, origin.latitude + latDelta);
  const cos = Math.cos((origin.latitude * Math.PI) / 180);
  if (maxLatitude >= 90 || minLatitude <= -90 || cos < 1e-6) {
    return { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 };
  }
  const lonDelta = Math.min(180, latDelta / cos);
  return {
    minLatitude,
    maxLatitude,
    minLongitude: Math.max(-180, origin.longitude - lonDelta),
    maxLongitude: Math.min(180, origin.longitude + lonDelta),
  };
}
