import type { SupabaseClient } from '@supabase/supabase-js';

/** What Storage answered one person asking for one object: a signed URL and the bytes, or the errors' shapes. */
export type ReadAnswer = {
  signed: { ok: true } | { ok: false; status?: number; statusCode?: string; message: string };
  download: { ok: true; bytes: number } | { ok: false; status?: number; statusCode?: string; message: string };
};

type StorageErrorShape = { message: string; status?: number; statusCode?: string };

function shape(error: unknown): { ok: false; status?: number; statusCode?: string; message: string } {
  const { message, status, statusCode } = error as StorageErrorShape;
  return { ok: false, status, statusCode, message };
}

/**
 * Asks Storage for `path` in `bucket` as `client`'s user, the two ways the app reads a private photo (a signed URL;
 * the authenticated download). Private buckets answer someone the policies do not allow exactly as they answer for a
 * missing object (docs/security.md), so a journey compares the answer for a real path with one for a made-up path.
 */
export async function readObject(client: SupabaseClient, bucket: string, path: string): Promise<ReadAnswer> {
  const [signed, download] = await Promise.all([
    client.storage.from(bucket).createSignedUrl(path, 60),
    client.storage.from(bucket).download(path),
  ]);
  return {
    signed: signed.error ? shape(signed.error) : { ok: true },
    download: download.error ? shape(download.error) : { ok: true, bytes: download.data.size },
  };
}
