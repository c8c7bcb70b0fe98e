import { MAX_PRIVATE_PHOTOS, PRIVATE_PHOTO_ACCEPT, privatePhotosSchema } from '@/lib/private-photos';

/** The private bucket of submissions' and statements' photos: '<project id>/<file>' (docs/milestones.md). */
export const MILESTONE_PHOTOS_BUCKET = 'milestone-photos';
/** At most this many photos with one submission or one statement (the database checks it too). */
export const MAX_MILESTONE_PHOTOS = MAX_PRIVATE_PHOTOS;
export const MILESTONE_PHOTO_ACCEPT = PRIVATE_PHOTO_ACCEPT;
/** The photos picked for a submission or a statement, in the product's words (src/lib/private-photos.ts). */
export const milestonePhotosSchema = privatePhotosSchema;
