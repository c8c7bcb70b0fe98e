import type { QueryClient } from '@tanstack/react-query';
import { getPieceQueryOptions } from '@/features/good-stuff/api/get-piece';
import { isUuid } from '@/lib/uuid';

/**
 * The item page's loader (src/app/route-table.tsx; ADR 0021): starts the read of the piece and its seller into the
 * app's QueryClient while the page's code downloads, so a shared link's first render has the piece. `waitMs` > 0
 * (the app starts on this page): waits that long at most for it. The other market features' parts read their own
 * data when they render.
 */
export async function loadGoodStuffItemPage(
  queryClient: QueryClient,
  itemId: string,
  { waitMs }: { waitMs: number },
): Promise<void> {
  // An id that names no piece (or /good-stuff/mine, which the router gives its own page): nothing to read.
  if (!isUuid(itemId)) return;
  const shown = queryClient.prefetchQuery(getPieceQueryOptions(itemId));
  if (waitMs <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([shown, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
