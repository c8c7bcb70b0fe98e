import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { preparePhoto } from '@/lib/images/prepare-photo';
import { privatePhotoKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * Photos kept in a private bucket and shown by signed links: a milestone's submission and statements
 * (milestone-photos), an order's refusal, problems and statements (order-photos), a message's photos
 * (message-photos). Each bucket's policies decide who uploads and reads which folder; what is the same for all of
 * them (how many, which files, how they go up, how they are shown) lives here once.
 */

/** At most this many photos with one step or message (each table's check says it again). */
export const MAX_PRIVATE_PHOTOS = 6;
/** The buckets' limits: 5 MB, JPEG, PNG or WebP (what the browser makes of the picked photo is checked). */
export const MAX_PRIVATE_PHOTO_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The file input's `accept`. */
export const PRIVATE_PHOTO_ACCEPT = ACCEPTED.join(',');

/** Whether the buckets take a picked file's type (the file input's `accept` is only a hint to the picker). */
export function isAcceptedPhoto(file: File): boolean {
  return (ACCEPTED as readonly string[]).includes(file.type);
}

/** The first reason picked files cannot go, in the product's words; null when they can. */
export function photosProblem(files: readonly File[], tooMany = `Add at most ${MAX_PRIVATE_PHOTOS} photos`) {
  if (files.length > MAX_PRIVATE_PHOTOS) return tooMany;
  const refused = files.find((file) => !isAcceptedPhoto(file));
  return refused ? `${refused.name}: Only JPEG, PNG and WebP images are allowed` : null;
}

/** The photos picked for a step or a message, in the product's words (`tooMany`: the database's sentence). */
export const privatePhotosSchemaSaying = (tooMany?: string) =>
  z.array(z.instanceof(File)).superRefine((files, context) => {
    const problem = photosProblem(files, tooMany);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The photos picked for a milestone's or an order's step. */
export const privatePhotosSchema = privatePhotosSchemaSaying();

function extensionOf(file: File): string {
  return file.type === 'image/webp' ? 'webp' : file.type === 'image/png' ? 'png' : 'jpg';
}

/**
 * Uploads photos to a folder of a private bucket ('<folder>/<uuid>.webp'), each sized and re-encoded as WebP first
 * as listing photos are (src/lib/images/prepare-photo.ts; a browser that cannot encode WebP keeps the original, and
 * its extension). Returns their paths for the database to check and keep. One failure removes the ones already up
 * and throws: the step goes with all its photos or not at all.
 */
export async function uploadPrivatePhotos(bucket: string, folder: string, files: readonly File[]): Promise<string[]> {
  const uploaded: string[] = [];
  try {
    for (const picked of files) {
      const file = await preparePhoto(picked);
      if (file.size > MAX_PRIVATE_PHOTO_BYTES) throw new Error(`${picked.name}: File size must be less than 5MB`);
      const path = `${folder}/${crypto.randomUUID()}.${extensionOf(file)}`;
      const { error } = await supabase.storage.from(bucket).upload(path, file, { contentType: file.type });
      if (error) throw new Error(`${picked.name}: Upload failed`);
      uploaded.push(path);
    }
  } catch (error) {
    await removePrivatePhotos(bucket, uploaded);
    throw error;
  }
  return uploaded;
}

/** Removes photos uploaded for a step the server then refused (each bucket lets the uploader delete their own). */
export async function removePrivatePhotos(bucket: string, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await supabase.storage.from(bucket).remove([...paths]);
}

/** Links of the private buckets are valid this long (docs/product.md, Limits: photo link validity). */
const SIGNED_SECONDS = 3600;

export type SignedPrivatePhoto = { path: string; url: string };

/**
 * Signed links to photos of a private bucket, in the order of `paths`; the bucket's policies decide who may read
 * them. A photo whose link could not be made is left out.
 */
export async function signPrivatePhotos(bucket: string, paths: readonly string[]): Promise<SignedPrivatePhoto[]> {
  if (paths.length === 0) return [];
  const { data, error } = await supabase.storage.from(bucket).createSignedUrls([...paths], SIGNED_SECONDS);
  if (error) throw error;
  return paths.flatMap((path, index) => {
    const url = data[index]?.signedUrl;
    return url ? [{ path, url }] : [];
  });
}

export function usePrivatePhotos(bucket: string, paths: readonly string[]) {
  return useQuery({
    queryKey: privatePhotoKeys.signed(bucket, paths),
    queryFn: () => signPrivatePhotos(bucket, paths),
    enabled: paths.length > 0,
    // Read again well before the links run out.
    staleTime: (SIGNED_SECONDS / 2) * 1000,
  });
}
