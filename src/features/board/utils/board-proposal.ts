import type { Tables } from '@/types/database';

/** A proposal on a project's selection board (docs/product.md, Selection board), as the database keeps it. */
export type BoardProposal = Tables<'board_proposals'>;

/** Where a proposal stands; the database's check lists the same five. */
export const BOARD_STATUSES = ['proposed', 'approved', 'declined', 'alternative', 'withdrawn'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** The statuses in the product's words (docs/glossary.md: proposal, approve, decline, ask for an alternative). */
export const STATUS_LABELS: Record<BoardStatus, string> = {
  proposed: 'Proposed',
  approved: 'Approved',
  declined: 'Declined',
  alternative: 'Alternative asked',
  withdrawn: 'Withdrawn',
};

export function isBoardStatus(value: string | null | undefined): value is BoardStatus {
  return (BOARD_STATUSES as readonly (string | null | undefined)[]).includes(value);
}

/** The private bucket of outside finds' photos: '<project id>/<uuid>.webp' (docs/security.md, private photos). */
export const BOARD_PHOTOS_BUCKET = 'board-photos';

/** A board is bounded by nature (a project's proposals): it is read whole, at most this many, newest first. */
export const MAX_PROPOSALS = 300;

/** The limits the database checks, in one place for the forms. */
export const LIMITS = { title: 200, room: 60, store: 200, link: 2000, dimensions: 200, note: 1000, reason: 1000 };
