import type { InfiniteData } from '@tanstack/react-query';

/** The newest message (pages are newest first) that `from` accepts, e.g. the other person's. */
export function newestFrom<Row>(data: InfiniteData<Row[], unknown> | undefined, from: (row: Row) => boolean) {
  for (const page of data?.pages ?? []) {
    const found = page.find(from);
    if (found) return found;
  }
  return null;
}
