/**
 * Keyset paging of a newest-first list (`order <column> desc, id desc`): a page starts after the last row of the
 * one before, so the database walks an index from there instead of past an offset, and rows added while the user
 * scrolls neither repeat nor push one off a page. The id breaks ties between rows of the same instant.
 */
export type KeysetCursor<Column extends string = 'created_at'> = Record<Column, string> & { id: string };

/** The cursor after a page: its last row, or undefined when the page was not full (no more rows). */
export function nextCursor<Column extends string = 'created_at'>(
  page: readonly KeysetCursor<NoInfer<Column>>[],
  pageSize: number,
  column: Column = 'created_at' as Column,
): KeysetCursor<Column> | undefined {
  const last = page.at(-1);
  if (page.length !== pageSize || !last) return undefined;
  return { [column]: last[column], id: last.id } as KeysetCursor<Column>;
}

/**
 * The rows after `last`, as a PostgREST `or` filter for a table read: use it with `created_at <= last.created_at`
 * (the index range the database walks); the filter drops the rows of that same instant up to and including
 * `last`. The timestamp is quoted: it holds `:` and `+`. (The rpcs that page take the cursor as arguments.)
 */
export function afterCursor(last: KeysetCursor): string {
  return `created_at.lt."${last.created_at}",id.lt.${last.id}`;
}
