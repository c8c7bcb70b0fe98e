import { z } from 'zod';

/** What a form's location field holds (PlaceValue): the text, and the chosen place's id or null. */
const placeValue = z.object({ location: z.string(), placeId: z.string().min(1).nullable() });

const tooLong = 'Location must be at most 100 characters';

/**
 * A required location (docs/product.md: trimmed, 1–100 characters; the database holds the same bounds): the form's
 * PlaceValue becomes the row's `location` and `place_id`. The messages are on the field itself, so the form shows
 * them as it shows any other field's.
 */
export const requiredPlaceSchema = placeValue
  .transform(({ location, placeId }) => ({ location: location.trim(), place_id: placeId }))
  .refine((v) => v.location.length >= 1, 'Location is required')
  .refine((v) => v.location.length <= 100, tooLong);

/** An optional location: empty stores no location and no place. */
export const optionalPlaceSchema = placeValue
  .transform(({ location, placeId }) => {
    const trimmed = location.trim();
    return trimmed === '' ? { location: null, place_id: null } : { location: trimmed, place_id: placeId };
  })
  .refine((v) => (v.location ?? '').length <= 100, tooLong);
