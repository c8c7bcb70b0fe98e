import { z } from 'zod';

/** The private bucket of submissions' and statements' photos: '<project id>/<file>' (docs/milestones.md). */
export const MILESTONE_PHOTOS_BUCKET = 'milestone-photos';
/** At most this many photos with one submission or one statement (the database checks it too). */
export const MAX_MILESTONE_PHOTOS = 6;
/** The bucket's limits: 5 MB, JPEG, PNG or WebP (what the browser makes of the picked photo is checked). */
export const MAX_MILESTONE_PHOTO_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MILESTONE_PHOTO_ACCEPT = ACCEPTED.join(',');

/** The photos picked for a submission or a statement, in the product's words. */
export const milestonePhotosSchema = z
  .array(z.instanceof(File))
  .max(MAX_MILESTONE_PHOTOS, `Add at most ${MAX_MILESTONE_PHOTOS} photos`)
  .superRefine((files, context) => {
    for (const file of files) {
      if (!(ACCEPTED as readonly string[]).includes(file.type)) {
        context.addIssue({ code: 'custom', message: `${file.name}: Only JPEG, PNG and WebP images are allowed` });
        return;
      }
    }
  });
