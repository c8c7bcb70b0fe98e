import { preparePhoto } from '@/lib/images/prepare-photo';
import { supabase } from '@/lib/supabase';
import { MAX_MILESTONE_PHOTO_BYTES, MILESTONE_PHOTOS_BUCKET } from '@/features/milestones/utils/milestone-photos';

function extensionOf(file: File): string {
  return file.type === 'image/webp' ? 'webp' : file.type === 'image/png' ? 'png' : 'jpg';
}

/**
 * Uploads the photos of a submission or a statement to the project's folder of the milestone-photos bucket, each
 * sized and re-encoded as WebP first as listing photos are (src/lib/images/prepare-photo.ts), and returns their
 * paths for the database to check and keep. One failure removes the ones already up and throws: a submission goes
 * with all its photos or not at all.
 */
export async function uploadMilestonePhotos(projectId: string, files: readonly File[]): Promise<string[]> {
  const bucket = supabase.storage.from(MILESTONE_PHOTOS_BUCKET);
  const uploaded: string[] = [];
  try {
    for (const picked of files) {
      const file = await preparePhoto(picked);
      if (file.size > MAX_MILESTONE_PHOTO_BYTES) throw new Error(`${picked.name}: File size must be less than 5MB`);
      const path = `${projectId}/${crypto.randomUUID()}.${extensionOf(file)}`;
      const { error } = await bucket.upload(path, file, { contentType: file.type });
      if (error) throw new Error(`${picked.name}: Upload failed`);
      uploaded.push(path);
    }
  } catch (error) {
    if (uploaded.length > 0) await bucket.remove(uploaded);
    throw error;
  }
  return uploaded;
}
