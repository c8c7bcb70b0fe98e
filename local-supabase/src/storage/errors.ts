/**
 * Storage API errors, shaped as hosted storage-api (v1.60) sends them.
 *
 * Hosted answers almost every client error with HTTP 400 and puts the "real" status as a *string* in the body
 * (`StorageBackendError.userStatusCode = httpStatusCode === 500 ? 500 : 400`), serialized through the
 * `{statusCode, error, message, code}` error schema (`code` joined it in storage-api #1256; storage-js 2.119's
 * `exists()` relies on `code === 'NoSuchKey'`). supabase-js builds
 * `StorageApiError(message, status=<HTTP>, statusCode=<body.statusCode>, code=<body.code>)` from that.
 * Source: supabase/storage src/internal/errors/{codes,storage-error}.ts, src/http/error-handler.ts,
 * src/http/schemas/error.ts.
 */
export class StorageError extends Error {
  constructor(
    /** The status hosted puts in the body (as a string). */
    readonly statusCode: number,
    readonly code: string,
    /** The legacy `error` field; hosted falls back to `code` when a factory sets none. */
    readonly error: string,
    message: string,
    /** The HTTP status; 400 for client errors unless hosted overrides it. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): Record<string, string> {
    return { statusCode: String(this.statusCode), error: this.error, message: this.message, code: this.code };
  }
}

const err = (status: number, code: string, error: string | undefined, message: string, httpStatus?: number) =>
  new StorageError(status, code, error ?? code, message, httpStatus);

export const ERRORS = {
  NoSuchBucket: () => err(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  NoSuchKey: () => err(404, 'NoSuchKey', 'not_found', 'Object not found'),
  /** What the asset renderer answers when the row exists but the backend has no bytes. */
  AssetNotFound: () => err(404, 'NoSuchKey', 'Not found', 'The resource was not found'),
  BucketNotEmpty: () => err(409, 'ResourceNotEmpty', undefined, 'The bucket you tried to delete is not empty'),
  BucketAlreadyExists: () => err(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  KeyAlreadyExists: () => err(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  ResourceAlreadyExists: () => err(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  InvalidBucketName: () => err(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  InvalidKey: (key: string) => err(400, 'InvalidKey', undefined, `Invalid key: ${key}`),
  InvalidJWT: (message: string) => err(400, 'InvalidJWT', undefined, message || 'Invalid JWT'),
  InvalidSignature: () => err(400, 'InvalidSignature', undefined, 'Invalid signature'),
  ExpiredSignature: () => err(400, 'ExpiredToken', undefined, 'The provided token has expired.'),
  AccessDenied: (message: string, httpStatus?: number) =>
    err(403, 'AccessDenied', 'Unauthorized', message || 'Access denied', httpStatus),
  EntityTooLarge: (entity = 'object') =>
    err(413, 'EntityTooLarge', 'Payload too large', `The ${entity} exceeded the maximum allowed size`),
  InvalidMimeType: (mime: string) =>
    err(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  InvalidFileSizeLimit: () =>
    err(400, 'InvalidRequest', undefined, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  NoContentProvided: (message?: string) => err(400, 'InvalidRequest', undefined, message || 'No content provided'),
  InvalidRequest: (message: string) => err(400, 'InvalidRequest', undefined, message || 'Invalid Request'),
  InvalidParameter: (name: string, message?: string) =>
    err(400, 'InvalidParameter', undefined, message || `Invalid Parameter ${name}`),
  MissingParameter: (name: string) => err(400, 'MissingParameter', undefined, `Missing Required Parameter ${name}`),
  RelatedResourceNotFound: () => err(404, 'InvalidRequest', undefined, 'The related resource does not exist'),
  InvalidRange: () => err(416, 'InvalidRange', 'invalid_range', 'invalid range provided', 416),
  ResourceLocked: () => err(423, 'ResourceLocked', undefined, 'The resource is locked'),
  DatabaseTimeout: () => err(544, 'DatabaseTimeout', undefined, 'The connection to the database timed out', 544),
  DatabaseError: (code: string) => err(500, 'DatabaseError', undefined, `database error, code: ${code}`),
  InternalError: () => err(500, 'InternalError', 'Internal', 'Internal Server Error'),
  // Fastify's own errors go through the handler's generic branch: `error` is the JS error name and the HTTP
  // status is the error's own (fastify v5: validation errors are plain `Error`s, parser errors `FastifyError`s).
  /** Schema validation failure (FST_ERR_VALIDATION). */
  Validation: (message: string) => err(400, 'InvalidRequest', 'Error', message),
  /** FST_ERR_CTP_INVALID_JSON_BODY. */
  InvalidJsonBody: () =>
    err(400, 'InvalidRequest', 'FastifyError', "Body is not valid JSON but content-type is set to 'application/json'"),
  /** FST_ERR_CTP_EMPTY_JSON_BODY. */
  EmptyJsonBody: () =>
    err(400, 'InvalidRequest', 'FastifyError', "Body cannot be empty when content-type is set to 'application/json'"),
  /** FST_ERR_CTP_BODY_TOO_LARGE. */
  BodyTooLarge: () => err(413, 'EntityTooLarge', 'FastifyError', 'Request body is too large', 413),
};

interface PgLikeError {
  code?: string;
  message?: string;
}

/** Maps a PostgreSQL error the way hosted's DBError.fromDBError does. */
export function fromPgError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  const pgErr = e as PgLikeError;
  switch (pgErr?.code) {
    case '42501':
      return ERRORS.AccessDenied(
        pgErr.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : (pgErr.message ?? ''),
      );
    case '23505':
      return ERRORS.ResourceAlreadyExists();
    case '23503':
      return ERRORS.RelatedResourceNotFound();
    case '55P03':
      return ERRORS.ResourceLocked();
    case '57014':
      return ERRORS.DatabaseTimeout();
    case '22P02':
      return ERRORS.InvalidParameter('value', pgErr.message || 'Invalid value format or type conversion failed');
    case undefined:
      return ERRORS.InternalError();
    default:
      return ERRORS.DatabaseError(pgErr.code);
  }
}
