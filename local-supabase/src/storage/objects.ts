import type { Caller } from './auth.ts';
import type { WrittenBlob } from './blobs.ts';
import { findBucket } from './buckets.ts';
import type { Tx } from './db.ts';
import { ERRORS } from './errors.ts';
import { isEmptyFolderPlaceholder, isUuid, mustBeValidBucketName, mustBeValidKey } from './limits.ts';
import { optionalInt, optionalString, requireString, type StorageRequest } from './request.ts';
import { renderAsset, renderInfo, type StoredObject } from './serve.ts';
import { readIncomingFile } from './upload.ts';

/** /object routes (hosted src/http/routes/object/*, src/storage/object.ts, uploader.ts). */

const OBJECT_COLUMNS =
  'id, name, bucket_id, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';
/** Hosted's signed upload URLs live two hours (UPLOAD_SIGNED_URL_EXPIRATION_TIME). */
const UPLOAD_URL_EXPIRES_IN = 7200;

interface ObjectRow extends StoredObject {
  owner: string | null;
  owner_id: string | null;
  last_accessed_at: Date | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** objectSchema serialization: null strings become "", dates ISO strings, other columns dropped. */
function renderObject(row: ObjectRow): Record<string, unknown> {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? '',
    version: row.version ?? '',
    id: row.id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata ?? null,
  };
}

async function findObject(c: Tx, bucketId: string, name: string, columns = OBJECT_COLUMNS): Promise<ObjectRow> {
  mustBeValidKey(name);
  const r = await c.query<ObjectRow>(`select ${columns} from storage.objects where bucket_id = $1 and name = $2`, [
    bucketId,
    name,
  ]);
  if (!r.rows[0]) throw ERRORS.NoSuchKey();
  return r.rows[0];
}

const ownerCols = (owner: string | undefined) => [owner && isUuid(owner) ? owner : null, owner ?? null];

/** hosted's canUpload: the caller's insert (or upsert) of the row, rolled back, lets the policies speak first. */
async function canUpload(
  req: StorageRequest,
  caller: Caller,
  operation: string,
  o: {
    bucketId: string;
    name: string;
    upsert: boolean;
    owner: string | undefined;
    metadata: Record<string, unknown>;
    userMetadata?: unknown;
  },
): Promise<void> {
  await req.ctx.db.testPermission(caller, req.scope(operation), async (c) => {
    const params = [o.bucketId, o.name, ...ownerCols(o.owner), o.metadata, o.userMetadata ?? null];
    if (!o.upsert) {
      try {
        await c.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version) values ($1, $2, $3, $4, $5, $6, '1')`,
          params,
        );
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw ERRORS.KeyAlreadyExists();
        throw e;
      }
    } else {
      await c.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version) values ($1, $2, $3, $4, $5, $6, '1')
         on conflict (name, bucket_id) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
         returning *`,
        params,
      );
    }
  });
}

function blobMetadata(blob: WrittenBlob, mimetype: string, cacheControl: string): Record<string, unknown> {
  return {
    eTag: blob.eTag,
    size: blob.size,
    mimetype,
    cacheControl,
    lastModified: blob.lastModified.toISOString(),
    contentLength: blob.size,
    httpStatusCode: 200,
  };
}

/**
 * Records a new version of an object as service_role (hosted's completeUpload): the row points at bytes that
 * are already durable; the replaced version's bytes are deleted only after the commit.
 */
async function commitObject(
  req: StorageRequest,
  operation: string,
  o: {
    bucketId: string;
    name: string;
    owner: string | undefined;
    version: string;
    metadata: Record<string, unknown>;
    userMetadata: unknown;
  },
): Promise<ObjectRow> {
  const { db, blobs, verifier } = req.ctx;
  let previous: string | null = null;
  let row: ObjectRow;
  try {
    row = await db.tx(verifier.superUser(), req.scope(operation), async (c) => {
      await c.query('select pg_advisory_xact_lock(hashtext($1))', [`${o.bucketId}/${o.name}`]);
      const cur = await c.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [o.bucketId, o.name],
      );
      previous = cur.rows[0]?.version ?? null;
      const r = await c.query<ObjectRow>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (name, bucket_id) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
         returning ${OBJECT_COLUMNS}`,
        [o.bucketId, o.name, ...ownerCols(o.owner), o.metadata, o.userMetadata ?? null, o.version],
      );
      return r.rows[0]!;
    });
  } catch (e) {
    await blobs.remove([o.version]);
    throw e;
  }
  if (previous && previous !== o.version) await blobs.remove([previous]);
  return row;
}

/** POST/PUT /object/{bucket}/{name} and PUT /object/upload/sign/...: stream the body in, then record it. */
async function uploadObject(
  req: StorageRequest,
  o: { bucketId: string; name: string; upsert: boolean; caller: Caller; owner: string | undefined; operation: string },
): Promise<ObjectRow> {
  const { db, blobs, verifier, globalFileSizeLimit } = req.ctx;
  mustBeValidBucketName(o.bucketId);
  const bucket = await db.tx(verifier.superUser(), req.scope(o.operation), (c) =>
    findBucket(c, o.bucketId, 'id, file_size_limit, allowed_mime_types'),
  );
  const bucketLimit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
  const maxFileSize = isEmptyFolderPlaceholder(o.name) ? 0 : Math.min(bucketLimit ?? Infinity, globalFileSizeLimit);
  const file = await readIncomingFile(req.raw, {
    objectName: o.name,
    maxFileSize,
    allowedMimeTypes: bucket.allowed_mime_types ?? [],
  });
  let blob: WrittenBlob;
  try {
    mustBeValidKey(o.name);
    await canUpload(req, o.caller, o.operation, {
      bucketId: o.bucketId,
      name: o.name,
      upsert: o.upsert,
      owner: o.owner,
      metadata: { mimetype: file.mimeType, contentLength: file.declaredLength },
      userMetadata: file.userMetadata,
    });
    blob = await blobs.write(file.body, maxFileSize);
  } catch (e) {
    file.discard();
    throw e;
  }
  return commitObject(req, o.operation, {
    bucketId: o.bucketId,
    name: o.name,
    owner: o.owner,
    version: blob.version,
    metadata: blobMetadata(blob, file.mimeType, file.cacheControl),
    userMetadata: file.userMetadata ?? {},
  });
}

export async function createObject(
  req: StorageRequest,
  bucketId: string,
  name: string,
  method: 'POST' | 'PUT',
): Promise<void> {
  const caller = await req.caller();
  const row = await uploadObject(req, {
    bucketId,
    name,
    upsert: method === 'PUT' || req.header('x-upsert') === 'true',
    caller,
    owner: caller.owner,
    operation: method === 'PUT' ? 'storage.object.upload_update' : 'storage.object.upload',
  });
  req.send(200, { Id: row.id, Key: `${bucketId}/${name}` });
}

export async function uploadToSignedUrl(req: StorageRequest, bucketId: string, name: string): Promise<void> {
  const token = req.query.get('token');
  if (!token) throw ERRORS.Validation("querystring must have required property 'token'");
  const payload = await req.ctx.verifier.verifyUrlToken(token);
  if (payload.url !== `${bucketId}/${name}`) throw ERRORS.InvalidSignature();
  if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) throw ERRORS.ExpiredSignature();
  await uploadObject(req, {
    bucketId,
    name,
    upsert: payload.upsert === true,
    caller: req.ctx.verifier.superUser(),
    owner: typeof payload.owner === 'string' ? payload.owner : undefined,
    operation: 'storage.object.upload_signed',
  });
  req.send(200, { Key: `${bucketId}/${name}` });
}

export async function signUploadUrl(req: StorageRequest, bucketId: string, name: string): Promise<void> {
  const caller = await req.caller();
  await req.json({ allowEmpty: true });
  mustBeValidBucketName(bucketId);
  mustBeValidKey(name);
  const upsert = req.header('x-upsert') === 'true';
  const length = Number(req.header('content-length'));
  await canUpload(req, caller, 'storage.object.sign_upload_url', {
    bucketId,
    name,
    upsert,
    owner: caller.owner,
    metadata: { mimetype: req.header('content-type'), contentLength: Number.isFinite(length) ? length : undefined },
  });
  const url = `${bucketId}/${name}`;
  const token = await req.ctx.verifier.signUrlToken({ owner: caller.owner, url, upsert }, UPLOAD_URL_EXPIRES_IN);
  req.send(200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

type ReadMode = 'authenticated' | 'any' | 'public';

/** Finds an object to serve the way hosted's getObject/getObjectInfo/getPublicObject decide access. */
async function findReadable(
  req: StorageRequest,
  bucketId: string,
  name: string,
  mode: ReadMode,
  operation: string,
): Promise<ObjectRow> {
  const { db, verifier } = req.ctx;
  const caller =
    mode === 'authenticated'
      ? await req.caller()
      : mode === 'any'
        ? await req.callerOrAnonymous()
        : verifier.anonymous();
  mustBeValidBucketName(bucketId);
  const scope = req.scope(operation);
  const bucket = await db.tx(
    verifier.superUser(),
    scope,
    async (c) =>
      (
        await c.query<{ id: string; public: boolean }>('select id, public from storage.buckets where id = $1', [
          bucketId,
        ])
      ).rows[0],
  );
  // Without a valid JWT (or on /public/) only public buckets exist.
  if (!bucket || (!caller.authenticated && !bucket.public)) throw ERRORS.NoSuchBucket();
  // Public buckets are read without RLS; private ones as the caller, so SELECT policies decide.
  return db.tx(bucket.public ? verifier.superUser() : caller, scope, (c) => findObject(c, bucketId, name));
}

export async function getObject(
  req: StorageRequest,
  bucketId: string,
  name: string,
  mode: ReadMode,
  headOnly: boolean,
): Promise<void> {
  const row = await findReadable(req, bucketId, name, mode, headOnly ? 'storage.object.head' : 'storage.object.get');
  await renderAsset(req, row, { download: req.query.get('download'), headOnly });
}

export async function getObjectInfo(
  req: StorageRequest,
  bucketId: string,
  name: string,
  mode: ReadMode,
): Promise<void> {
  const row = await findReadable(req, bucketId, name, mode, 'storage.object.info');
  await renderInfo(req, row);
}

export async function getSignedObject(
  req: StorageRequest,
  bucketId: string,
  name: string,
  headOnly: boolean,
): Promise<void> {
  const token = req.query.get('token');
  if (!token) throw ERRORS.Validation("querystring must have required property 'token'");
  const payload = await req.ctx.verifier.verifyUrlToken(token);
  if (payload.url !== `${bucketId}/${name}`) throw ERRORS.InvalidSignature();
  const row = await req.ctx.db.tx(req.ctx.verifier.superUser(), req.scope('storage.object.get_signed'), (c) =>
    findObject(c, bucketId, name),
  );
  const expires = typeof payload.exp === 'number' ? new Date(payload.exp * 1000).toUTCString() : undefined;
  await renderAsset(req, row, { download: req.query.get('download'), expires, headOnly });
}

function expiresInOf(body: Record<string, unknown>): number {
  const v = body.expiresIn;
  if (v === undefined) throw ERRORS.Validation("body must have required property 'expiresIn'");
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw ERRORS.Validation('body/expiresIn must be integer');
  if (n < 1) throw ERRORS.Validation('body/expiresIn must be >= 1');
  if (n > Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000))
    throw ERRORS.InvalidParameter('expiresIn');
  return n;
}

export async function signObjectUrl(req: StorageRequest, bucketId: string, name: string): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  const expiresIn = expiresInOf(body);
  mustBeValidBucketName(bucketId);
  // Signing needs SELECT on the object: the lookup runs as the caller.
  await req.ctx.db.tx(caller, req.scope('storage.object.sign'), (c) => findObject(c, bucketId, name, 'id'));
  const url = `${bucketId}/${name}`;
  const token = await req.ctx.verifier.signUrlToken({ url }, expiresIn);
  req.send(200, { signedURL: `/object/sign/${url}?token=${token}` });
}

export async function signObjectUrls(req: StorageRequest, bucketId: string): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (paths === undefined) throw ERRORS.Validation("body must have required property 'paths'");
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))
    throw ERRORS.Validation('body/paths must be array');
  if (paths.length < 1) throw ERRORS.Validation('body/paths must NOT have fewer than 1 items');
  mustBeValidBucketName(bucketId);
  const found = await req.ctx.db.tx(
    caller,
    req.scope('storage.object.sign_many'),
    async (c) =>
      (
        await c.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucketId, paths],
        )
      ).rows,
  );
  const names = new Set(found.map((r) => r.name));
  const result = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!names.has(path))
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const url = `${bucketId}/${path}`;
      const token = await req.ctx.verifier.signUrlToken({ url }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  req.send(200, result);
}

export async function listObjects(req: StorageRequest, bucketId: string): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  let prefix = requireString(body, 'prefix');
  const limit = optionalInt(body, 'limit', 1) ?? 100;
  const offset = optionalInt(body, 'offset', 0) ?? 0;
  const search = optionalString(body, 'search') ?? '';
  let column = 'name';
  let order = 'asc';
  if (body.sortBy !== undefined) {
    const sortBy = body.sortBy as Record<string, unknown>;
    if (!sortBy || typeof sortBy !== 'object') throw ERRORS.Validation('body/sortBy must be object');
    if (sortBy.column === undefined) throw ERRORS.Validation("body/sortBy must have required property 'column'");
    if (!['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column as string))
      throw ERRORS.Validation('body/sortBy/column must be equal to one of the allowed values');
    if (sortBy.order !== undefined && !['asc', 'desc'].includes(sortBy.order as string))
      throw ERRORS.Validation('body/sortBy/order must be equal to one of the allowed values');
    column = sortBy.column as string;
    order = (sortBy.order as string | undefined) ?? 'asc';
  }
  mustBeValidBucketName(bucketId);
  // A prefix is always a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const rows = await req.ctx.db.tx(
    caller,
    req.scope('storage.object.list'),
    async (c) =>
      (
        await c.query<ObjectRow>('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
          prefix,
          bucketId,
          limit,
          prefix.split('/').length,
          offset,
          search,
          column,
          order,
        ])
      ).rows,
  );
  req.send(
    200,
    rows.map((r) => ({
      name: r.name,
      id: r.id,
      updated_at: iso(r.updated_at),
      created_at: iso(r.created_at),
      last_accessed_at: iso(r.last_accessed_at),
      metadata: r.metadata,
    })),
  );
}

function moveCopyBody(body: Record<string, unknown>) {
  const bucketId = requireString(body, 'bucketId');
  const sourceKey = requireString(body, 'sourceKey');
  const destinationKey = requireString(body, 'destinationKey');
  const destinationBucket = optionalString(body, 'destinationBucket') || bucketId;
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

export async function moveObject(req: StorageRequest): Promise<void> {
  const caller = await req.caller();
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveCopyBody(await req.json());
  const { db, blobs, verifier } = req.ctx;
  mustBeValidBucketName(bucketId);
  mustBeValidKey(destinationKey);
  const operation = 'storage.object.move';
  // The caller must be able to see the source and rename it (UPDATE policy; destination passes WITH CHECK).
  await db.testPermission(caller, req.scope(operation), async (c) => {
    await findObject(c, bucketId, sourceKey, 'id');
    const r = await c.query(
      `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6, version = $7 where bucket_id = $1 and name = $2`,
      [bucketId, sourceKey, destinationKey, destinationBucket, ...ownerCols(caller.owner), 'move-test'],
    );
    if (!r.rowCount) throw ERRORS.NoSuchKey();
  });
  const source = await db.tx(verifier.superUser(), req.scope(operation), (c) => findObject(c, bucketId, sourceKey));
  if (bucketId === destinationBucket && sourceKey === destinationKey) {
    req.send(200, { message: 'Successfully moved' });
    return;
  }
  const blob = source.version ? await blobs.duplicate(source.version) : null;
  const version = blob?.version ?? source.version;
  try {
    await db.tx(verifier.superUser(), req.scope(operation), async (c) => {
      await c.query('select pg_advisory_xact_lock(hashtext($1))', [`${bucketId}/${destinationKey}`]);
      const r = await c.query(
        `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6, version = $7 where bucket_id = $1 and name = $2`,
        [bucketId, sourceKey, destinationKey, destinationBucket, ...ownerCols(caller.owner), version],
      );
      if (!r.rowCount) throw ERRORS.NoSuchKey();
    });
  } catch (e) {
    if (blob) await blobs.remove([blob.version]);
    throw e;
  }
  if (blob) await blobs.remove([source.version]);
  // The route's response schema keeps only `message`.
  req.send(200, { message: 'Successfully moved' });
}

export async function copyObject(req: StorageRequest): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveCopyBody(body);
  const { db, blobs } = req.ctx;
  mustBeValidBucketName(bucketId);
  mustBeValidKey(destinationKey);
  const operation = 'storage.object.copy';
  const upsert = req.header('x-upsert') === 'true';
  const source = await db.tx(caller, req.scope(operation), (c) => findObject(c, bucketId, sourceKey));
  const copyMetadata = body.copyMetadata === undefined ? true : body.copyMetadata === true;
  const overrides =
    body.metadata && typeof body.metadata === 'object' ? (body.metadata as Record<string, unknown>) : {};
  const metadata = copyMetadata ? { ...(source.metadata ?? {}) } : { ...(source.metadata ?? {}), ...overrides };
  const xMetadata = req.header('x-metadata');
  const userMetadata = copyMetadata
    ? source.user_metadata
    : xMetadata
      ? (JSON.parse(Buffer.from(xMetadata, 'base64').toString('utf8') || 'null') as unknown)
      : null;
  await canUpload(req, caller, operation, {
    bucketId: destinationBucket,
    name: destinationKey,
    upsert,
    owner: caller.owner,
    metadata,
    userMetadata,
  });
  const blob = source.version ? await blobs.duplicate(source.version) : null;
  if (!blob) throw ERRORS.AssetNotFound();
  const row = await commitObject(req, operation, {
    bucketId: destinationBucket,
    name: destinationKey,
    owner: caller.owner,
    version: blob.version,
    metadata: { ...metadata, lastModified: blob.lastModified.toISOString() },
    userMetadata,
  });
  req.send(200, { Id: row.id, Key: `${destinationBucket}/${destinationKey}`, ...renderObject(row) });
}

export async function deleteObjects(req: StorageRequest, bucketId: string): Promise<void> {
  const caller = await req.caller();
  const body = await req.json();
  const prefixes = body.prefixes;
  if (prefixes === undefined) throw ERRORS.Validation("body must have required property 'prefixes'");
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string'))
    throw ERRORS.Validation('body/prefixes must be array');
  if (prefixes.length < 1) throw ERRORS.Validation('body/prefixes must NOT have fewer than 1 items');
  mustBeValidBucketName(bucketId);
  // Rows the caller may not delete are silently skipped by RLS, as on hosted.
  const rows = await req.ctx.db.tx(
    caller,
    req.scope('storage.object.delete_many'),
    async (c) =>
      (
        await c.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
          [bucketId, prefixes],
        )
      ).rows,
  );
  await req.ctx.blobs.remove(rows.map((r) => r.version));
  req.send(200, rows.map(renderObject));
}

export async function deleteObject(req: StorageRequest, bucketId: string, name: string): Promise<void> {
  const caller = await req.caller();
  await req.json({ allowEmpty: true });
  mustBeValidBucketName(bucketId);
  const { db, verifier } = req.ctx;
  const scope = req.scope('storage.object.delete');
  await db.tx(verifier.superUser(), scope, (c) => findObject(c, bucketId, name, 'id'));
  const deleted = await db.tx(
    caller,
    scope,
    async (c) =>
      (
        await c.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
          [bucketId, name],
        )
      ).rows[0],
  );
  if (!deleted) throw ERRORS.AccessDenied('Access denied');
  await req.ctx.blobs.remove([deleted.version]);
  req.send(200, { message: 'Successfully deleted' });
}
