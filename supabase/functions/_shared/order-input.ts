import { HttpError } from './http.ts';

// What a buyer or an operator sends about an order, checked before the database checks it again (docs/security.md:
// every rule twice): a reason of 1 to 1000 characters, and at most 6 photos under the order's own folder of the
// order-photos bucket ('<order id>/<file>'; the database also checks that each exists).

/** The reason, trimmed; else 400 invalid_reason with `message`. */
export function parseReason(value: unknown, message: string): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (reason.length < 1 || reason.length > 1000) throw new HttpError(400, message, 'invalid_reason');
  return reason;
}

/** A refusal at pickup's reason and photos; 400 invalid_reason or invalid_photos. */
export function parseRefusal(orderId: string, reason: unknown, photos: unknown): { reason: string; photos: string[] } {
  const text = parseReason(reason, 'Say why you refuse the piece (1 to 1000 characters)');
  const list = photos === undefined || photos === null ? [] : photos;
  const ok =
    Array.isArray(list) &&
    list.length <= 6 &&
    list.every(
      (p) =>
        typeof p === 'string' &&
        p.startsWith(`${orderId}/`) &&
        p.length > orderId.length + 1 &&
        p.length <= 300 &&
        !p.includes('..'),
    );
  if (!ok) {
    throw new HttpError(400, "Add at most 6 photos, uploaded to the order's own folder", 'invalid_photos');
  }
  return { reason: text, photos: list as string[] };
}
