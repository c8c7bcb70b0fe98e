import { HttpResponse } from 'msw';

/**
 * Storage API answers in the shapes storage-api sends them, for unit tests that answer the real supabase-js client
 * at the HTTP boundary (src/testing/supabase-http.ts).
 */

const AT = '2026-11-20T10:00:00.000Z';

/** One file of a `list()` answer (a folder has id, dates and metadata null). */
export function storageFile(name: string, { id = crypto.randomUUID(), mimetype = 'image/png', size = 1024 } = {}) {
  return {
    name,
    id,
    updated_at: AT,
    created_at: AT,
    last_accessed_at: AT,
    metadata: {
      eTag: `"${id.replace(/-/g, '').slice(0, 32)}"`,
      size,
      mimetype,
      cacheControl: 'max-age=3600',
      lastModified: AT,
      contentLength: size,
      httpStatusCode: 200,
    },
  };
}

/** One object row as `remove()` answers with it (the rows it deleted). */
export function storageObjectRow(bucketId: string, name: string) {
  const { metadata, id, updated_at, created_at, last_accessed_at } = storageFile(name.split('/').pop()!);
  return {
    name,
    bucket_id: bucketId,
    owner: '',
    owner_id: '',
    version: crypto.randomUUID(),
    id,
    updated_at,
    created_at,
    last_accessed_at,
    metadata,
    user_metadata: null,
  };
}

/** The answer to an upload (`POST /storage/v1/object/{bucket}/{path}`). */
export function storageUploaded(request: Request) {
  const key = new URL(request.url).pathname.replace('/storage/v1/object/', '');
  return HttpResponse.json({ Id: crypto.randomUUID(), Key: key });
}

/**
 * A Storage error: HTTP 400 for a client error with the real status as a string in the body, 500 for a server
 * error, e.g. storageError('403', 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy').
 */
export function storageError(statusCode: string, code: string, error: string, message: string) {
  return HttpResponse.json({ statusCode, code, error, message }, { status: statusCode.startsWith('5') ? 500 : 400 });
}

/** What storage-api answers when an object's policy refuses the caller. */
export const storageRefused = () =>
  storageError('403', 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy');

/**
 * The answer to `createSignedUrls` (`POST /storage/v1/object/sign/{bucket}` with `{expiresIn, paths}`): a signed
 * URL per path, in order (the token is opaque to the app).
 */
export async function storageSignedUrls(request: Request) {
  const bucket = new URL(request.url).pathname.split('/').pop()!;
  const { paths } = (await request.clone().json()) as { paths: string[] };
  return HttpResponse.json(
    paths.map((path) => ({ error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=signed-${path}` })),
  );
}
