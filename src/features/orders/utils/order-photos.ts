import { z } from 'zod';
import { MAX_PRIVATE_PHOTOS, PRIVATE_PHOTO_ACCEPT, privatePhotosSchema } from '@/lib/private-photos';

/** The private bucket of refusals', problems' and statements' photos: '<order id>/<file>' (docs/orders.md). */
export const ORDER_PHOTOS_BUCKET = 'order-photos';
/** At most this many photos with one refusal, report or statement (the database checks it too). */
export const MAX_ORDER_PHOTOS = MAX_PRIVATE_PHOTOS;
export const ORDER_PHOTO_ACCEPT = PRIVATE_PHOTO_ACCEPT;
/** The photos picked for a refusal, a report or a statement, in the product's words (src/lib/private-photos.ts). */
export const orderPhotosSchema = privatePhotosSchema;

/** Why the buyer refuses the piece or reports a problem (the database checks 1..1000 characters too). */
export const orderReasonSchema = (empty: string) =>
  z.string().trim().min(1, empty).max(1000, 'The reason must be at most 1000 characters');

/** The seller's statement on a problem (the database checks 1..2000 characters too). */
export const statementBodySchema = z
  .string()
  .trim()
  .min(1, 'Write your statement')
  .max(2000, 'The statement must be at most 2000 characters');
