import { z } from 'zod';

/** The private bucket of refusals', problems' and statements' photos: '<order id>/<file>' (docs/orders.md). */
export const ORDER_PHOTOS_BUCKET = 'order-photos';
/** At most this many photos with one refusal, report or statement (the database checks it too). */
export const MAX_ORDER_PHOTOS = 6;
/** The bucket's limits: 5 MB, JPEG, PNG or WebP (what the browser makes of the picked photo is checked). */
export const MAX_ORDER_PHOTO_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ORDER_PHOTO_ACCEPT = ACCEPTED.join(',');

/** The photos picked for a refusal, a report or a statement, in the product's words. */
export const orderPhotosSchema = z
  .array(z.instanceof(File))
  .max(MAX_ORDER_PHOTOS, `Add at most ${MAX_ORDER_PHOTOS} photos`)
  .superRefine((files, context) => {
    for (const file of files) {
      if (!(ACCEPTED as readonly string[]).includes(file.type)) {
        context.addIssue({ code: 'custom', message: `${file.name}: Only JPEG, PNG and WebP images are allowed` });
        return;
      }
    }
  });

/** Why the buyer refuses the piece or reports a problem (the database checks 1..1000 characters too). */
export const orderReasonSchema = (empty: string) =>
  z.string().trim().min(1, empty).max(1000, 'The reason must be at most 1000 characters');

/** The seller's statement on a problem (the database checks 1..2000 characters too). */
export const statementBodySchema = z
  .string()
  .trim()
  .min(1, 'Write your statement')
  .max(2000, 'The statement must be at most 2000 characters');
