/**
 * A place of the gazetteer as `search_places` and `nearest_place` answer it (docs/decisions/0024-places.md): a city
 * ('Portland, OR', 'Paris, France') or a US ZIP code ('97205 · Portland, OR'), with its coordinates.
 */
export type Place = {
  id: string;
  label: string;
  kind: 'city' | 'zip';
  latitude: number;
  longitude: number;
};

/** A row as search_places/nearest_place return it (kind is text there; the table allows only these two). */
export function toPlace(row: { id: string; label: string; kind: string; latitude: number; longitude: number }): Place {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind === 'zip' ? 'zip' : 'city',
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** What a location field holds: the text shown and stored, and the chosen place's id (null when not placed). */
export type PlaceValue = { location: string; placeId: string | null };

export const emptyPlace: PlaceValue = { location: '', placeId: null };

/** A saved row's location and place id as the field's value. */
export function placeValueOf(
  row: { location?: string | null; place_id?: string | null } | null | undefined,
): PlaceValue {
  return { location: row?.location ?? '', placeId: row?.place_id ?? null };
}

/**
 * A label compared as the database compares them (private.place_key): case and accents ignored, punctuation as
 * spaces. 'portland or' and 'Portland, OR' are the same place name.
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
