import type { StorageRequest } from './request.ts';
import { ERRORS, StorageError } from './errors.ts';

/**
 * Sending an object's bytes (or only its headers) as hosted's asset renderer does
 * (src/storage/renderer/renderer.ts, head.ts, info.ts): ETag, Last-Modified, Content-Length, Cache-Control
 * (or Expires for signed URLs), X-Robots-Tag, Accept-Ranges; conditional 304s; single byte ranges (206/416).
 */
export interface StoredObject {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata?: Record<string, unknown> | null;
  created_at?: Date | null;
  updated_at?: Date | null;
}

export interface RenderOptions {
  download?: string | null;
  /** Signed URLs: the token's expiry, sent as Expires instead of Cache-Control. */
  expires?: string;
  headOnly?: boolean;
}

/** Parses one `bytes=a-b` range; hosted refuses anything else with 416. */
export function parseRange(header: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!m || size <= 0 || (!m[1] && !m[2])) throw ERRORS.InvalidRange();
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw ERRORS.InvalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size)
    throw ERRORS.InvalidRange();
  return { start, end: Math.min(end, size - 1) };
}

function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

export async function renderAsset(req: StorageRequest, obj: StoredObject, opts: RenderOptions = {}): Promise<void> {
  const { blobs } = req.ctx;
  const size = await blobs.size(obj.version);
  if (size === null) {
    // The row exists but no bytes do (e.g. a row inserted by SQL): hosted's renderer answers this way.
    req.sendError(ERRORS.AssetNotFound(), { 'Cache-Control': 'no-store' });
    return;
  }
  const meta = obj.metadata ?? {};
  const eTag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  const lastModified = typeof meta.lastModified === 'string' ? new Date(meta.lastModified) : undefined;
  const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  const cacheControl = typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache';

  const headers: Record<string, string | number> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': mimetype,
    'X-Robots-Tag': 'none',
  };
  if (eTag) headers.ETag = eTag;
  if (lastModified && !Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString();
  if (opts.expires) headers.Expires = opts.expires;
  else headers['Cache-Control'] = cacheControl;
  if (opts.download !== undefined && opts.download !== null)
    headers['Content-Disposition'] = contentDisposition(opts.download);

  const ifNoneMatch = req.header('if-none-match');
  const ifModifiedSince = req.header('if-modified-since');
  const notModified =
    (ifNoneMatch !== undefined && eTag !== undefined && ifNoneMatch === eTag) ||
    (!ifNoneMatch &&
      ifModifiedSince !== undefined &&
      lastModified !== undefined &&
      Math.floor(lastModified.getTime() / 1000) <= Math.floor(new Date(ifModifiedSince).getTime() / 1000));
  if (notModified) {
    req.res.writeHead(304, headers);
    req.res.end();
    return;
  }

  let status = 200;
  let range: { start: number; end: number } | undefined;
  const rangeHeader = req.header('range');
  if (rangeHeader && !opts.headOnly) {
    range = parseRange(rangeHeader, size);
    status = 206;
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  }
  headers['Content-Length'] = range ? range.end - range.start + 1 : size;

  if (opts.headOnly) {
    req.res.writeHead(status, headers);
    req.res.end();
    return;
  }
  const stream = blobs.read(obj.version!, range);
  await new Promise<void>((resolve) => {
    stream.once('open', () => {
      req.res.writeHead(status, headers);
      stream.pipe(req.res);
    });
    stream.once('error', () => {
      if (!req.res.headersSent) req.sendError(ERRORS.AssetNotFound(), { 'Cache-Control': 'no-store' });
      else req.res.destroy();
      resolve();
    });
    stream.once('close', () => resolve());
    req.res.once('close', () => {
      stream.destroy();
      resolve();
    });
  });
}

/** GET /object/info/...: the object's description as JSON, with the asset headers. */
export async function renderInfo(req: StorageRequest, obj: StoredObject): Promise<void> {
  const meta = obj.metadata ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
  const body = {
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: num(meta.size),
    content_type: typeof meta.mimetype === 'string' ? meta.mimetype : null,
    cache_control: typeof meta.cacheControl === 'string' ? meta.cacheControl : null,
    etag: typeof meta.eTag === 'string' ? meta.eTag : null,
    metadata: obj.user_metadata ?? null,
    last_modified: obj.updated_at ? obj.updated_at.toISOString() : null,
    created_at: obj.created_at ? obj.created_at.toISOString() : null,
  };
  const headers: Record<string, string> = {};
  if (typeof meta.eTag === 'string') headers.ETag = meta.eTag;
  if (typeof meta.lastModified === 'string') headers['Last-Modified'] = new Date(meta.lastModified).toUTCString();
  if (typeof meta.cacheControl === 'string') headers['Cache-Control'] = meta.cacheControl;
  req.send(200, body, headers);
}

export function isStorageError(e: unknown): e is StorageError {
  return e instanceof StorageError;
}
