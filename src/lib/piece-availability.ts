/** A Good Stuff piece's state as the catalog row carries it. */
export type PieceAvailability = { status: string; reserved_until: string | null; held_until: string | null };

export type AvailabilityLabel = 'Sold' | 'Delisted' | 'Reserved' | 'Held for a project';

/**
 * Why a piece cannot be bought now, or null when it is simply for sale (docs/product.md, Good Stuff): Sold, Delisted
 * (only its seller sees it), Reserved (an accepted offer holds it for 48 hours) or Held for a project (added to a
 * project's budget, for 7 days). Shared by the market, offers and Saved, which all show it.
 */
export function availabilityLabel(piece: PieceAvailability, now = Date.now()): AvailabilityLabel | null {
  if (piece.status === 'sold') return 'Sold';
  if (piece.status === 'delisted') return 'Delisted';
  if (piece.reserved_until && Date.parse(piece.reserved_until) > now) return 'Reserved';
  if (piece.held_until && Date.parse(piece.held_until) > now) return 'Held for a project';
  return null;
}
