import type { Tx } from './db.ts';
import { ERRORS } from './errors.ts';
import { isUuid, mustBeValidBucketName, parseFileSizeToBytes, validateAllowedMimeTypes } from './limits.ts';
import { optionalInt, optionalString, requireString, type StorageRequest } from './request.ts';

/**
 * /bucket routes (hosted src/http/routes/bucket/*). They run as the caller, so storage.buckets policies decide
 * (with the anon key and no policy, creating a bucket is refused and listing returns []).
 */

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean | null;
  created_at: Date | null;
  updated_at: Date | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  type?: string;
}

// Hosted serializes with a JSON schema: string fields that are null come out as "" and dates as ISO strings.
function renderBucket(row: BucketRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public ?? false,
  };
  if (row.type !== undefined) out.type = row.type;
  out.file_size_limit = row.file_size_limit === null ? null : Number(row.file_size_limit);
  out.allowed_mime_types = row.allowed_mime_types;
  out.created_at = row.created_at ? row.created_at.toISOString() : '';
  out.updated_at = row.updated_at ? row.updated_at.toISOString() : '';
  return out;
}

export async function findBucket(c: Tx, id: string, columns = 'id'): Promise<BucketRow> {
  const r = await c.query<BucketRow>(`select ${columns} from storage.buckets where id = $1`, [id]);
  if (!r.rows[0]) throw ERRORS.NoSuchBucket();
  return r.rows[0];
}

async function parseSizeLimit(req: StorageRequest, value: unknown): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let n: number;
  if (typeof value === 'string') n = parseFileSizeToBytes(value);
  else if (typeof value === 'number' && Number.isInteger(value) && value >= 0) n = value;
  else throw ERRORS.Validation('body/file_size_limit must be integer');
  if (n > req.ctx.globalFileSizeLimit) throw ERRORS.EntityTooLarge();
  return n;
}

function parseMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value as null | undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw ERRORS.Validation('body/allowed_mime_types must be array');
  const types = (value as string[]).filter((m) => m);
  validateAllowedMimeTypes(types);
  return types;
}

export async function listBuckets(req: StorageRequest): Promise<void> {
  const caller = await req.caller();
  const q = Object.fromEntries(req.query.entries());
  const limit = optionalInt(q, 'limit', 1, 'querystring');
  const offset = optionalInt(q, 'offset', 0, 'querystring');
  const sortColumn = q.sortColumn;
  if (sortColumn !== undefined && !['id', 'name', 'created_at', 'updated_at'].includes(sortColumn))
    throw ERRORS.Validation('querystring/sortColumn must be equal to one of the allowed values');
  const sortOrder = q.sortOrder;
  if (sortOrder !== undefined && !['asc', 'desc'].includes(sortOrder))
    throw ERRORS.Validation('querystring/sortOrder must be equal to one of the allowed values');
  const params: unknown[] = [];
  let sql = `select id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types, 'STANDARD' as type from storage.buckets`;
  if (q.search) {
    params.push(`%${q.search.replace(/([%_])/g, '\\$1')}%`);
    sql += ` where name ilike $${params.length}`;
  }
  if (sortColumn) sql += ` order by ${sortColumn} ${sortOrder ?? 'asc'}`;
  // Bound as parameters as Storage's listBuckets does: PostgreSQL then reads 1e99 (sent as "1e+99") as a bad
  // bigint (22P02, 400 InvalidParameter) rather than as an out-of-range numeric literal.
  if (limit !== undefined) {
    params.push(limit);
    sql += ` limit $${params.length}`;
  }
  if (offset !== undefined) {
    params.push(offset);
    sql += ` offset $${params.length}`;
  }
  const rows = await req.ctx.db.tx(
    caller,
    req.scope('storage.bucket.list'),
    async (c) => (await c.query<BucketRow>(sql, params)).rows,
  );
  req.send(200, rows.map(renderBucket));
}

export async function getBucket(req: StorageRequest, id: string): Promise<void> {
  const caller = await req.caller();
  const row = await req.ctx.db.tx(caller, req.scope('storage.bucket.get'), (c) =>
    findBucket(c, id, 'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types'),
  );
  req.send(200, renderBucket(row));
}

export async function createBucket(req: StorageRequest): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  const name = requireString(body, 'name');
  const id = optionalString(body, 'id') || name;
  const isPublic = body.public;
  if (isPublic !== undefined && typeof isPublic !== 'boolean') throw ERRORS.Validation('body/public must be boolean');
  const type = body.type;
  if (type !== undefined && type !== 'STANDARD' && type !== 'ANALYTICS')
    throw ERRORS.Validation('body/type must be equal to one of the allowed values');
  if (type === 'ANALYTICS') throw ERRORS.InvalidRequest('The feature iceberg_catalog is not enabled for this resource');
  if (name.trim().length !== name.length) throw ERRORS.InvalidBucketName();
  mustBeValidBucketName(name);
  const sizeLimit = await parseSizeLimit(req, body.file_size_limit);
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  const owner = caller.owner;
  await req.ctx.db.tx(caller, req.scope('storage.bucket.create'), async (c) => {
    try {
      await c.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
         values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
        [
          id,
          name,
          owner && isUuid(owner) ? owner : null,
          owner ?? null,
          isPublic ?? false,
          sizeLimit ?? null,
          mimeTypes ?? null,
        ],
      );
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw ERRORS.BucketAlreadyExists();
      throw e;
    }
  });
  req.send(200, { name });
}

export async function updateBucket(req: StorageRequest, id: string): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  if (!('public' in body) && !('file_size_limit' in body) && !('allowed_mime_types' in body))
    throw ERRORS.Validation("body must have required property 'public'");
  if (body.public !== undefined && typeof body.public !== 'boolean')
    throw ERRORS.Validation('body/public must be boolean');
  mustBeValidBucketName(id);
  const sizeLimit = await parseSizeLimit(req, body.file_size_limit);
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (col: string, v: unknown) => {
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  };
  if (body.public !== undefined) set('public', body.public);
  if (sizeLimit !== undefined) set('file_size_limit', sizeLimit);
  if (mimeTypes !== undefined) set('allowed_mime_types', mimeTypes);
  if (sets.length === 0) throw ERRORS.NoContentProvided();
  const count = await req.ctx.db.tx(caller, req.scope('storage.bucket.update'), async (c) => {
    const r = await c.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
    return r.rowCount ?? 0;
  });
  if (count === 0) throw ERRORS.NoSuchBucket();
  req.send(200, { message: 'Successfully updated' });
}

export async function emptyBucket(req: StorageRequest, id: string): Promise<void> {
  const caller = await req.caller();
  await req.json({ allowEmpty: true });
  const { db, blobs, verifier } = req.ctx;
  const scope = req.scope('storage.bucket.empty');
  await db.tx(caller, scope, (c) => findBucket(c, id, 'name'));
  const first = await db.tx(
    verifier.superUser(),
    scope,
    async (c) =>
      (
        await c.query<{ name: string }>(
          `select name from storage.objects where bucket_id = $1 order by name collate "C" limit 1`,
          [id],
        )
      ).rows[0],
  );
  if (first) {
    // Hosted checks the caller may delete (one object, rolled back), then deletes the rest in the background.
    await db.testPermission(caller, scope, async (c) => {
      const r = await c.query(`delete from storage.objects where bucket_id = $1 and name = $2`, [id, first.name]);
      if (!r.rowCount) throw ERRORS.NoSuchKey();
    });
    const removed = await db.tx(
      verifier.superUser(),
      scope,
      async (c) =>
        (
          await c.query<{ version: string | null }>(
            `delete from storage.objects where bucket_id = $1 returning version`,
            [id],
          )
        ).rows,
    );
    await blobs.remove(removed.map((r) => r.version));
  }
  req.send(200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

export async function deleteBucket(req: StorageRequest, id: string): Promise<void> {
  const caller = await req.caller();
  await req.json({ allowEmpty: true });
  const { db, verifier } = req.ctx;
  const scope = req.scope('storage.bucket.delete');
  await db.tx(verifier.superUser(), scope, async (c) => {
    await findBucket(c, id);
    const r = await c.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
    if (r.rowCount) throw ERRORS.BucketNotEmpty();
  });
  const deleted = await db.tx(
    caller,
    scope,
    async (c) => (await c.query(`delete from storage.buckets where id = $1`, [id])).rowCount ?? 0,
  );
  if (!deleted) throw ERRORS.NoSuchBucket();
  req.send(200, { message: 'Successfully deleted' });
}
