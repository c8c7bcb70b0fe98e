import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { ERRORS, StorageError } from './errors.ts';
import { isEmptyFolderPlaceholder, mustBeAllowedMimeType } from './limits.ts';

/**
 * The file of an upload request, as hosted's fileUploadFromRequest reads it (src/storage/uploader.ts):
 * - multipart/form-data (what supabase-js sends for Blob/File): fields `cacheControl` (seconds),
 *   `contentType`, `metadata`/`userMetadata` (JSON) before one file part; the part's type is the MIME type;
 * - anything else is the raw bytes: `content-type`, `cache-control` and `x-metadata` (base64 JSON) headers.
 * MIME and declared-size limits are checked before any byte is stored.
 */
export interface IncomingFile {
  body: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** Content-Length of the request (what RLS sees as metadata.contentLength). */
  declaredLength: number | undefined;
  /** Discards the unread rest of the request, so an early refusal still answers cleanly. */
  discard(): void;
}

const MAX_USER_METADATA = 1024 * 1024;

export function declaredLength(req: IncomingMessage): number | undefined {
  const n = Number(req.headers['content-length']);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function parseUserMetadataHeader(value: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function readIncomingFile(
  req: IncomingMessage,
  opts: { objectName: string; maxFileSize: number; allowedMimeTypes: string[] },
): Promise<IncomingFile> {
  const contentType = req.headers['content-type'];
  const checkMime = (mime: string) => {
    if (opts.allowedMimeTypes.length > 0 && !isEmptyFolderPlaceholder(opts.objectName))
      mustBeAllowedMimeType(mime, opts.allowedMimeTypes);
  };
  const discard = () => {
    req.unpipe();
    req.resume();
  };

  if (contentType?.startsWith('multipart/form-data')) return readMultipart(req, opts.maxFileSize, checkMime, discard);

  const mimeType = contentType || 'application/octet-stream';
  const cacheControl = (req.headers['cache-control'] as string | undefined) ?? 'no-cache';
  checkMime(mimeType);
  const xMetadata = req.headers['x-metadata'];
  const userMetadata = typeof xMetadata === 'string' ? parseUserMetadataHeader(xMetadata) : undefined;
  const length = declaredLength(req);
  if (length !== undefined && length > opts.maxFileSize) throw ERRORS.EntityTooLarge();
  if (req.readableEnded || req.destroyed)
    throw ERRORS.NoContentProvided('Request stream closed before upload could begin');
  return { body: req, mimeType, cacheControl, userMetadata, declaredLength: length, discard };
}

function readMultipart(
  req: IncomingMessage,
  maxFileSize: number,
  checkMime: (mime: string) => void,
  discard: () => void,
): Promise<IncomingFile> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // One byte over the limit tells "exactly at the limit" from "too large" (the writer refuses the latter).
      bb = busboy({ headers: req.headers, limits: { fields: 10, files: 1, fileSize: maxFileSize + 1 } });
    } catch (e) {
      reject(ERRORS.NoContentProvided((e as Error).message));
      return;
    }
    const fields: Record<string, string> = {};
    let settled = false;
    const settleError = (e: unknown) => {
      if (settled) return;
      settled = true;
      discard();
      reject(e instanceof StorageError ? e : ERRORS.NoContentProvided((e as Error)?.message));
    };

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      if (settled) {
        stream.resume();
        return;
      }
      try {
        const mimeType = fields.contentType || info.mimeType;
        checkMime(mimeType);
        const custom = fields.metadata ?? fields.userMetadata;
        let userMetadata: Record<string, unknown> | undefined;
        if (typeof custom === 'string') {
          if (Buffer.byteLength(custom) > MAX_USER_METADATA) throw ERRORS.EntityTooLarge('user_metadata');
          try {
            userMetadata = JSON.parse(custom) as Record<string, unknown>;
          } catch {
            userMetadata = undefined;
          }
        }
        // busboy's stream stays paused until read; a PassThrough lets the caller decide when.
        const body = new PassThrough();
        stream.on('error', (e) => body.destroy(e));
        stream.pipe(body);
        settled = true;
        resolve({
          body,
          mimeType,
          cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
          userMetadata,
          declaredLength: declaredLength(req),
          discard: () => {
            stream.resume();
            discard();
          },
        });
      } catch (e) {
        stream.resume();
        settleError(e);
      }
    });
    bb.on('error', settleError);
    bb.on('close', () => settleError(ERRORS.NoContentProvided()));
    req.on('aborted', () => settleError(ERRORS.NoContentProvided('Request stream closed before upload could begin')));
    req.pipe(bb);
  });
}
