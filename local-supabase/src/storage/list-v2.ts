import { ERRORS } from './errors.ts';
import { mustBeValidBucketName } from './limits.ts';
import { optionalInt, optionalString, type StorageRequest } from './request.ts';

/**
 * POST /object/list-v2/{bucket} (hosted src/http/routes/object/listObjectsV2.ts, storage/object.ts
 * listObjectsV2, database/pg.ts listObjectsV2 and the search_v2 / list_objects_with_delimiter /
 * search_by_timestamp SQL functions): a cursor-paged listing under a prefix, flat or one folder level deep
 * (`with_delimiter`), sorted by name or a timestamp. The SQL is one set-based query per case rather than
 * hosted's skip-scan loops; the rows, their order and the cursors are the same. Runs as the caller, so the
 * SELECT policies on storage.objects apply.
 */

interface ListRow {
  key?: string;
  name: string;
  id: string | null;
  metadata: unknown;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
}

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const CURSOR_PARTS: Record<string, keyof Cursor> = {
  l: 'startAfter',
  o: 'sortOrder',
  c: 'sortColumn',
  a: 'sortColumnAfter',
};

function encodeCursor(c: Cursor): string {
  let out = '';
  for (const [k, field] of Object.entries(CURSOR_PARTS)) if (c[field]) out += `${k}:${c[field]}\n`;
  return Buffer.from(out.slice(0, -1)).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const result: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)/.exec(part);
    if (!m || !(m[1]! in CURSOR_PARTS)) throw ERRORS.InvalidParameter('continuation token');
    result[CURSOR_PARTS[m[1]!]!] = m[2]!;
  }
  return result;
}

function optionalBool(body: Record<string, unknown>, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  // ajv's coerceTypes: "true"/"false", 1/0 are booleans too.
  if (v === true || v === 'true' || v === 1) return true;
  if (v === false || v === 'false' || v === 0) return false;
  throw ERRORS.Validation(`body/${key} must be boolean`);
}

function sortOf(body: Record<string, unknown>): { column?: string; order?: string } | undefined {
  const s = body.sortBy;
  if (s === undefined) return undefined;
  if (!s || typeof s !== 'object' || Array.isArray(s)) throw ERRORS.Validation('body/sortBy must be object');
  const { column, order } = s as Record<string, unknown>;
  if (column === undefined) throw ERRORS.Validation("body/sortBy must have required property 'column'");
  if (!['name', 'updated_at', 'created_at'].includes(column as string))
    throw ERRORS.Validation('body/sortBy/column must be equal to one of the allowed values');
  if (order !== undefined && !['asc', 'desc'].includes(order as string))
    throw ERRORS.Validation('body/sortBy/order must be equal to one of the allowed values');
  return { column: column as string, order: order as string | undefined };
}

// The first folder below `prefix` that holds the object, with its trailing '/' (storage.get_common_prefix).
const COMMON_PREFIX = `case when strpos(substr(o.name, length($2) + 1), '/') > 0
  then left(o.name, length($2) + strpos(substr(o.name, length($2) + 1), '/')) end`;

export async function listObjectsV2(req: StorageRequest, bucketId: string): Promise<void> {
  const caller = await req.caller();
  const body = await req.json({ allowEmpty: true });
  const prefix = optionalString(body, 'prefix') ?? '';
  const requested = optionalInt(body, 'limit', 1);
  const cursorToken = optionalString(body, 'cursor');
  const delimited = optionalBool(body, 'with_delimiter') ?? false;
  const sortBy = sortOf(body);
  mustBeValidBucketName(bucketId);

  const limit = Math.min(requested || 1000, 1000);
  const cursor = cursorToken ? decodeCursor(cursorToken) : undefined;
  const order = (cursor?.sortOrder || sortBy?.order) === 'desc' ? 'desc' : 'asc';
  const column = (cursor?.sortColumn || sortBy?.column) as 'name' | 'created_at' | 'updated_at' | undefined;
  const startAfter = cursor?.startAfter ?? '';
  const after = cursor?.sortColumnAfter ?? '';
  const op = order === 'asc' ? '>' : '<';

  const rows = await req.ctx.db.tx(caller, req.scope('storage.object.list_v2'), async (c) => {
    if (!delimited) {
      // pg.ts: only the timestamps are sort columns here; the name always breaks ties.
      const tsColumn = column === 'created_at' || column === 'updated_at' ? column : undefined;
      const args: unknown[] = [bucketId, prefix, limit + 1];
      let page = '';
      if (startAfter) {
        if (tsColumn && after) {
          args.push(after, startAfter);
          page = `and (date_trunc('milliseconds', o.${tsColumn}), o.name collate "C") ${op}
            (coalesce(nullif($4, '')::timestamptz, 'epoch'::timestamptz), $5)`;
        } else {
          args.push(startAfter);
          page = `and o.name collate "C" ${op} $4`;
        }
      }
      return (
        await c.query<ListRow>(
          `select o.id, o.name, o.metadata, o.updated_at, o.created_at, o.last_accessed_at
           from storage.objects o
           where o.bucket_id = $1 and left(o.name, length($2)) = $2 ${page}
           order by ${tsColumn ? `o.${tsColumn} ${order}, ` : ''}o.name collate "C" ${order}
           limit $3`,
          args,
        )
      ).rows;
    }
    const levels = prefix ? prefix.split('/').length : 1;
    if (!column || column === 'name') {
      // list_objects_with_delimiter: a cursor on a folder skips the whole folder; on a file, what follows it.
      let seek = '';
      if (startAfter) {
        const folder = await c.query(
          `select 1 from storage.objects o where o.bucket_id = $1 and left(o.name, length($2) + 1) = $2 || '/' limit 1`,
          [bucketId, startAfter],
        );
        const isFolder = folder.rows.length > 0;
        seek = order === 'asc' ? startAfter + (isFolder ? '0' : '/') : isFolder ? `${startAfter}/` : startAfter;
      }
      return (
        await c.query<ListRow>(
          `with m as (
             select o.name, o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at, ${COMMON_PREFIX} as common
             from storage.objects o
             where o.bucket_id = $1 and left(o.name, length($2)) = $2
               and ($3 = '' or o.name collate "C" ${order === 'asc' ? '>=' : '<'} $3)
           ), entries as (
             select distinct rtrim(m.common, '/') as name, null::uuid as id, null::jsonb as metadata,
                    null::timestamptz as updated_at, null::timestamptz as created_at,
                    null::timestamptz as last_accessed_at, m.common as sort_key
             from m where m.common is not null
             union all
             select m.name, m.id, m.metadata, m.updated_at, m.created_at, m.last_accessed_at, m.name
             from m where m.common is null
           )
           select split_part(e.name, '/', $5) as key, e.name, e.id, e.updated_at, e.created_at,
                  e.last_accessed_at, e.metadata
           from entries e
           order by e.sort_key collate "C" ${order}
           limit $4`,
          [bucketId, prefix, seek, limit + 1, levels],
        )
      ).rows;
    }
    // search_by_timestamp: a folder carries the earliest created_at of what it holds, for both timestamps.
    return (
      await c.query<ListRow>(
        `with m as (
           select o.name, o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at, ${COMMON_PREFIX} as common
           from storage.objects o
           where o.bucket_id = $1 and left(o.name, length($2)) = $2
         ), combined as (
           select rtrim(m.common, '/') as name, null::uuid as id, min(m.created_at) as updated_at,
                  min(m.created_at) as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
           from m where m.common is not null group by m.common
           union all
           select m.name, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata from m where m.common is null
         )
         select split_part(x.name, '/', $4) as key, x.name, x.id, x.updated_at, x.created_at, x.last_accessed_at,
                x.metadata
         from combined x
         where $5 = '' or (date_trunc('milliseconds', x.${column}), x.name collate "C") ${op}
               (coalesce(nullif($6, '')::timestamptz, 'epoch'::timestamptz), $5)
         order by coalesce(date_trunc('milliseconds', x.${column}), 'epoch'::timestamptz) ${order},
                  x.name collate "C" ${order}
         limit $3`,
        [bucketId, prefix, limit + 1, levels, startAfter, after],
      )
    ).rows;
  });

  // object.ts listObjectsV2: folders collapse by the part below the prefix; folder names end in '/'.
  let results = rows;
  if (delimited) {
    const collapsed: ListRow[] = [];
    let previous = '';
    for (const row of rows) {
      let idx = row.name.replace(prefix, '').indexOf('/');
      if (idx >= 0) {
        idx = prefix.length + idx + 1;
        const current = row.name.substring(0, idx);
        if (current === previous) continue;
        previous = current;
        collapsed.push({
          name: current,
          id: null,
          metadata: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
        });
        continue;
      }
      collapsed.push(row);
    }
    results = collapsed;
  }
  const truncated = results.length > limit;
  const count = truncated ? limit : results.length;
  const folders: Record<string, unknown>[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const row of results.slice(0, count)) {
    const isFolder = row.id === null;
    const out = {
      ...(row.key !== undefined && { key: row.key }),
      name: isFolder && !row.name.endsWith('/') ? `${row.name}/` : row.name,
      id: row.id,
      updated_at: row.updated_at ? row.updated_at.toISOString() : null,
      created_at: row.created_at ? row.created_at.toISOString() : null,
      last_accessed_at: row.last_accessed_at ? row.last_accessed_at.toISOString() : null,
      metadata: row.metadata,
    };
    (isFolder ? folders : objects).push(out);
  }
  let nextCursor: string | undefined;
  let nextCursorKey: string | undefined;
  if (truncated) {
    const last = results[count - 1]!;
    const sortColumn = cursor?.sortColumn || sortBy?.column;
    const lastTs = sortColumn === 'created_at' || sortColumn === 'updated_at' ? last[sortColumn] : null;
    nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: cursor?.sortOrder || sortBy?.order,
      sortColumn,
      sortColumnAfter: lastTs ? lastTs.toISOString() : undefined,
    });
    nextCursorKey = last.name;
  }
  req.send(200, {
    hasNext: truncated,
    ...(nextCursor !== undefined && { nextCursor, nextCursorKey }),
    folders,
    objects,
  });
}
