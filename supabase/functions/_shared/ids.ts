// Ids as the functions receive them: a UUID from a request body, and Stripe's expandable fields (an id, or the
// object when expanded).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The id of a Stripe expandable field, whether Stripe sent the id or the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  return value == null ? null : typeof value === 'string' ? value : value.id;
}
