import { ERRORS } from './errors.ts';

/**
 * Input rules of hosted storage-api (src/storage/limits.ts, uploader.ts, storage.ts), re-stated here.
 */

// S3-safe characters plus the few hosted also lets through.
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function isValidKey(key: string): boolean {
  return key.length > 0 && KEY_CHARS.test(key);
}

/**
 * Object names never become file paths here (bytes are stored by version id), but a `.`/`..` segment is
 * refused as the file backend of the Supabase CLI's local stack refuses it, so such names fail locally
 * before they confuse anything downstream.
 */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !isValidKey(key)) throw ERRORS.InvalidKey(key ?? '');
  if (key.split('/').some((s) => s === '.' || s === '..')) throw ERRORS.InvalidKey(key);
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length < 101 && BUCKET_CHARS.test(name);
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || !isValidBucketName(name)) throw ERRORS.InvalidBucketName();
}

/** '20MB' → 20e6 (decimal units, as hosted), '3B' → 3; anything else is refused. */
export function parseFileSizeToBytes(value: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!m) throw ERRORS.InvalidFileSizeLimit();
  const n = +parseFloat(m[1]!).toPrecision(3);
  switch (m[2]!.toUpperCase()) {
    case 'GB':
      return n * 1e9;
    case 'MB':
      return n * 1e6;
    case 'KB':
      return n * 1000;
    default:
      return n;
  }
}

/** config.toml's `file_size_limit = "50MiB"` (the CLI accepts binary units there). */
export function parseConfigSize(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return fallback;
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(b|kb|kib|mb|mib|gb|gib)?\s*$/i.exec(value);
  if (!m) return fallback;
  const unit = (m[2] ?? 'b').toLowerCase();
  const mult: Record<string, number> = { b: 1, kb: 1e3, kib: 1024, mb: 1e6, mib: 1024 ** 2, gb: 1e9, gib: 1024 ** 3 };
  return Math.floor(parseFloat(m[1]!) * mult[unit]!);
}

const ALLOWED_MIME = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

/** Bucket settings: each allowed type must look like a MIME type (or end in a wildcard). */
export function validateAllowedMimeTypes(types: string[]): void {
  for (const t of types) {
    if (t.length > 1000 || !ALLOWED_MIME.test(t)) throw ERRORS.InvalidMimeType(t);
  }
}

/**
 * Upload check: `image/png` matches `image/png` and `image/*`. As on hosted, parameters stay part of the
 * subtype, so `text/plain;charset=UTF-8` does not match `text/plain`.
 */
export function mustBeAllowedMimeType(mime: string, allowed: string[]): void {
  const [type, sub] = mime.split('/');
  if (sub === undefined) throw ERRORS.InvalidMimeType(mime);
  for (const a of allowed) {
    const [aType, aSub] = a.split('/');
    if (aType === type && (aSub === '*' || aSub === sub)) return;
  }
  throw ERRORS.InvalidMimeType(mime);
}

export function isEmptyFolderPlaceholder(name: string): boolean {
  return name.endsWith('.emptyFolderPlaceholder');
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}
