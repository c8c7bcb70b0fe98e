import { z } from 'zod';
import {
  CATALOG_CONDITIONS,
  MAX_INCHES,
  MAX_PHOTOS,
  isPieceCategory,
  type PieceCategory,
  type PieceCondition,
} from '@/features/good-stuff/utils/piece-fields';
import { requiredPlaceSchema } from '@/lib/places/place-schema';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A photo of the form: one already on the listing (its public URL), or a file picked to upload. */
export type PiecePhoto = { key: string; url: string; file?: undefined } | { key: string; url: string; file: File };

/** The public URL folder of a seller's listing photos: the project's API URL, catalog-images, their id. */
export function ownPiecePhotoPrefix(supabaseUrl: string, userId: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/catalog-images/${userId}/`;
}

/** A URL of an object under `prefix`: plain path segments (none starting with a dot), no query or fragment. */
function isOwnPhotoUrl(url: string, prefix: string): boolean {
  return (
    url.startsWith(prefix) &&
    /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(url.slice(prefix.length))
  );
}

/**
 * A dimension in inches as typed: required or (editing a piece listed before dimensions) optional; a number above 0,
 * at most MAX_INCHES, with at most one decimal (the column is numeric(6,1)).
 */
function inches(name: string, required: boolean) {
  return z
    .string()
    .trim()
    .refine((v) => !required || v !== '', `${name} is required`)
    .refine((v) => v === '' || /^\d+(\.\d)?$/.test(v), `${name} must be a number of inches, with at most one decimal`)
    .refine((v) => v === '' || Number(v) > 0, `${name} must be more than 0`)
    .refine((v) => v === '' || Number(v) <= MAX_INCHES, `${name} must be at most ${MAX_INCHES} inches`)
    .transform((v) => (v === '' ? null : Number(v)));
}

/**
 * A vintage listing as List Vintage and Edit take it (docs/product.md, Good Stuff). The database checks the same
 * rules (supabase/migrations/20261128000100_market.sql). New listings need all three dimensions; a piece listed
 * before dimensions existed may be edited without them, but gets all three or none.
 */
export function pieceSchema({
  requireDimensions,
  ownPhotoPrefix,
}: {
  requireDimensions: boolean;
  /** Where the seller's own catalog-images photos live (ownPiecePhotoPrefix); a kept photo must start with it. */
  ownPhotoPrefix?: string;
}) {
  return z
    .object({
      title: z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
      category: z.string().refine((v): v is PieceCategory => isPieceCategory(v), 'Category is required'),
      description: z
        .string()
        .trim()
        .min(1, 'Description is required')
        .max(1000, 'Description must be at most 1000 characters'),
      price: z
        .string()
        .trim()
        .min(1, 'Price is required')
        .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'Price must be a number')
        .transform(Number)
        .refine((v) => v > 0, 'Price must be more than $0')
        .refine((v) => v <= 1_000_000, 'Price must be at most $1,000,000'),
      condition: z
        .string()
        .refine(
          (v): v is PieceCondition => (CATALOG_CONDITIONS as readonly string[]).includes(v),
          'Condition is required',
        ),
      width: inches('Width', requireDimensions),
      depth: inches('Depth', requireDimensions),
      height: inches('Height', requireDimensions),
      // The location field's text and chosen place (PlaceField).
      location: requiredPlaceSchema,
      photos: z
        .array(z.custom<PiecePhoto>())
        .max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos`)
        .refine(
          (photos) => photos.every((p) => !p.file || IMAGE_TYPES.includes(p.file.type)),
          'Only JPEG, PNG, GIF, and WebP images are allowed',
        )
        .refine(
          (photos) => photos.every((p) => !p.file || p.file.size <= MAX_IMAGE_BYTES),
          'File size must be less than 5MB',
        )
        // The database takes only the seller's own uploads (20261130000500_listing_photos.sql): a photo kept on
        // the listing must be one of them, with nothing after its path.
        .refine(
          (photos) =>
            photos.every((p) => p.file || ownPhotoPrefix === undefined || isOwnPhotoUrl(p.url, ownPhotoPrefix)),
          'Photos must be ones you uploaded for your listings',
        ),
    })
    .refine(
      (v) =>
        [v.width, v.depth, v.height].every((d) => d === null) || [v.width, v.depth, v.height].every((d) => d !== null),
      { message: 'Give width, depth and height, or none', path: ['width'] },
    )
    .transform(({ location, width, depth, height, ...rest }) => ({
      ...rest,
      ...location,
      width_in: width,
      depth_in: depth,
      height_in: height,
    }));
}

export type PieceInput = z.input<ReturnType<typeof pieceSchema>>;
export type PieceValues = z.output<ReturnType<typeof pieceSchema>>;

/** The listing's columns from the form's values and its uploaded photos: what listing and editing a piece both write. */
export function pieceColumns(values: PieceValues, photoUrls: string[]) {
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    price: values.price,
    condition: values.condition,
    location: values.location,
    place_id: values.place_id,
    photo_urls: photoUrls,
    width_in: values.width_in,
    depth_in: values.depth_in,
    height_in: values.height_in,
  };
}
