/** Where a page of a newest-first list (`order created_at desc, id desc`) ended: its last row. */
export type NewestFirstCursor = { created_at: string; id: string };

/**
 * The rows after `last` in that order, for keyset paging: use with `created_at <= last.created_at` (the index
 * range the database walks) and this PostgREST `or` filter, which drops the rows of that same instant up to and
 * including `last` (the id breaks the tie). The timestamp is quoted: it holds `:` and `+`.
 */
export function afterCursor(last: NewestFirstCursor): string {
  return `created_at.lt."${last.created_at}",id.lt.${last.id}`;
}

/** The cursor after a page, or undefined when the page was not full (no more rows). */
export function nextCursor(page: NewestFirstCursor[], pageSize: number): NewestFirstCursor | undefined {
  const last = page.at(-1);
  return page.length === pageSize && last ? { created_at: last.created_at, id: last.id } : undefined;
}
