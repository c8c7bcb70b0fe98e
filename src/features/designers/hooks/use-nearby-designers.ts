import { useEffect, useMemo } from 'react';
import { useDesigners, type DesignerCardRow } from '@/features/designers/api/get-designers';
import { coordinatesOf, haversineMiles, NEARBY_RADIUS_MILES, type Coordinates } from '@/lib/geo';

/**
 * The nearby filter over a paged directory (docs/decisions/0011): the database narrows to a box around
 * the customer (plus designers without coordinates), the exact 100-mile circle is checked here. When no
 * designer at all is in range, the unfiltered directory is shown instead.
 */
export function useNearbyDesigners(origin: Coordinates | null, ready: boolean) {
  const nearby = useDesigners({ near: origin }, { enabled: ready && origin !== null });
  const nearbyRows = useMemo(
    () =>
      (nearby.data?.pages.flat() ?? []).filter((designer) => {
        const at = coordinatesOf(designer);
        return origin === null || at === null || haversineMiles(origin, at) <= NEARBY_RADIUS_MILES;
      }),
    [nearby.data, origin],
  );

  // A page of the box can hold only corner rows (outside the circle): keep reading until one fits or none are left.
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess } = nearby;
  useEffect(() => {
    if (isSuccess && nearbyRows.length === 0 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [isSuccess, nearbyRows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const noneNearby = origin === null || (nearby.isSuccess && nearbyRows.length === 0 && !nearby.hasNextPage);
  const all = useDesigners({}, { enabled: ready && noneNearby });
  const source = noneNearby ? all : nearby;
  const designers: DesignerCardRow[] = noneNearby ? (all.data?.pages.flat() ?? []) : nearbyRows;

  return {
    designers,
    /** True when the list is the 100-mile selection, false when it is everyone (no location or nobody near). */
    filtered: !noneNearby,
    isPending: !ready || source.isPending || (!noneNearby && nearbyRows.length === 0 && nearby.hasNextPage !== false),
    isError: source.isError,
    hasNextPage: source.hasNextPage,
    isFetchingNextPage: source.isFetchingNextPage,
    fetchNextPage: () => void source.fetchNextPage(),
  };
}
