import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts a row at the top of the newest page of a newest-first infinite query unless a page already holds it (a
 * chat's realtime event and the sender's own insert race).
 */
export function addToNewestPage<Row extends { id: string }>(queryClient: QueryClient, queryKey: QueryKey, row: Row) {
  queryClient.setQueryData<InfiniteData<Row[], unknown>>(queryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.some((r) => r.id === row.id))) return data;
    const [newest = [], ...rest] = data.pages;
    return { ...data, pages: [[row, ...newest], ...rest] };
  });
}
