import { availabilityLabel } from '@/lib/piece-availability';

/** The states an offer shows (docs/product.md, Offers). */
export type OfferStatus = 'open' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

type OfferTimes = { status: string; expires_at: string };

/**
 * An offer whose 48 hours have passed is expired whatever its stored status says (the database refuses to act on
 * it and its job marks it within minutes): the screen says so at once.
 */
export function effectiveStatus(offer: OfferTimes, now: number): OfferStatus {
  const status = offer.status as OfferStatus;
  if ((status === 'open' || status === 'countered') && Date.parse(offer.expires_at) <= now) return 'expired';
  return status;
}

export const STATUS_LABEL: Record<OfferStatus, string> = {
  open: 'Open',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 28, 2026, 3:15 PM": when a reservation or an offer ends. */
export function formatWhen(iso: string): string {
  return when.format(new Date(iso));
}

/** The database's own words for a refusal (a raised exception's message), else `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  const code = (error as { code?: unknown } | null)?.code;
  // Raised by the offer functions (P0001 and the check codes) and meant for the user; a network failure is not.
  if (typeof message === 'string' && message !== '' && typeof code === 'string' && code !== '') return message;
  return fallback;
}

/** Why a piece takes no offer now, as others see it (who took it is private); a delisted piece is no longer listed. */
export function takenLabel(
  piece: { status: string; reservedUntil: string | null; heldUntil: string | null },
  now: number,
): 'Sold' | 'Reserved' | 'Held for a project' | 'No longer listed' | null {
  if (piece.status !== 'available' && piece.status !== 'sold') return 'No longer listed';
  const label = availabilityLabel(
    { status: piece.status, reserved_until: piece.reservedUntil, held_until: piece.heldUntil },
    now,
  );
  return label === 'Delisted' ? 'No longer listed' : label;
}
