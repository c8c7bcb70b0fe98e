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

/**
 * The paging of an infinite query over a keyset list: the first page has no cursor, each next one starts after the
 * last row of a full page (`cursorOf` it: by default its created_at and id), and a short page ends the list.
 * Spread into `infiniteQueryOptions` beside the query key and function.
 */
export function keysetPages<Row extends KeysetCursor>(
  pageSize: number,
): { initialPageParam: KeysetCursor | null; getNextPageParam: (last: readonly Row[]) => KeysetCursor | undefined };
export function keysetPages<Row, Cursor>(
  pageSize: number,
  cursorOf: (row: Row) => Cursor,
): { initialPageParam: Cursor | null; getNextPageParam: (last: readonly Row[]) => Cursor | undefined };
export function keysetPages<Row, Cursor>(pageSize: number, cursorOf?: (row: Row) => Cursor) {
  return {
    initialPageParam: null,
    getNextPageParam: (last: readonly Row[]) => {
      if (!cursorOf) return nextCursor(last as readonly KeysetCursor[], pageSize);
      const row = last.at(-1);
      return last.length === pageSize && row !== undefined ? cursorOf(row) : undefined;
    },
  };
}

/** The part of a PostgREST table read that `keysetPage` shapes (a filter builder keeps its own type through it). */
type KeysetQuery<Query> = {
  lte(column: 'created_at', value: string): Query;
  or(filters: string): Query;
  order(column: 'created_at' | 'id', options: { ascending: boolean }): Query;
  limit(count: number): Query;
};

/**
 * One page of a newest-first table read: the rows after `after` (see afterCursor), ordered `created_at desc,
 * id desc` (the index the read walks), at most `pageSize` of them.
 */
export function keysetPage<Query extends KeysetQuery<Query>>(
  query: Query,
  after: KeysetCursor | null,
  pageSize: number,
): Query {
  const from = after ? query.lte('created_at', after.created_at).or(afterCursor(after)) : query;
  return from.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageSize);
}
