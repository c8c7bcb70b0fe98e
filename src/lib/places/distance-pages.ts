import type { Coordinates } from '@/lib/geo';

/** Where a distance list's next page starts: the last row's distance and creation time (its id is passed apart). */
type DistanceCursor = { created_at: string; distance_miles: number | null };

/**
 * The paging arguments of the rpcs that list by distance (open_projects, nearby_designers; docs/places.md,
 * "Distance reads"): from an origin, after the last row's (distance_miles, id); without one, after its
 * (created_at, id).
 */
export function distancePageArgs(
  origin: Coordinates | null,
  after: DistanceCursor | null,
  afterId: string | undefined,
  pageSize: number,
) {
  return {
    origin_latitude: origin?.latitude,
    origin_longitude: origin?.longitude,
    after_miles: origin && after ? (after.distance_miles ?? undefined) : undefined,
    after_created_at: origin ? undefined : after?.created_at,
    after_id: afterId,
    page_size: pageSize,
  };
}

/** The part of a PostgREST read that `nearestOrNewest` orders (the builder keeps its own type through it). */
export type Orderable<Query> = {
  order(column: string, options: { ascending: boolean; nullsFirst?: boolean }): Query;
};

/**
 * The order of a distance rpc's rows, the one its keyset follows: nearest first (rows without a place last) from
 * an origin, newest first without one; `idColumn` breaks ties.
 */
export function nearestOrNewest<Query extends Orderable<Query>>(
  query: Query,
  origin: Coordinates | null,
  idColumn: string,
): Query {
  return origin
    ? query.order('distance_miles', { ascending: true, nullsFirst: false }).order(idColumn, { ascending: true })
    : query.order('created_at', { ascending: false }).order(idColumn, { ascending: false });
}

/**
 * Which rule chose a distance list: true when only rows within 100 miles are listed, false when none lay within and
 * all are, null without an origin (the first row says: every row of a call carries the same flag).
 */
export function withinReachOf(
  pages: readonly (readonly { within_reach: boolean | null }[])[] | undefined,
): boolean | null {
  return pages?.[0]?.[0]?.within_reach ?? null;
}
