import type { Enums } from '@/types/database';

/**
 * The words and values of a Good Stuff listing (docs/product.md, Good Stuff), shared by the market, the item page,
 * List Vintage and My listings. The database checks the same lists (supabase/migrations/20261128000100_market.sql).
 */
export type PieceCategory = Enums<'catalog_category'>;
export const CATALOG_CATEGORIES: readonly PieceCategory[] = [
  'couch',
  'chair',
  'table',
  'desk',
  'bed',
  'dresser',
  'cabinet',
  'lighting',
  'decor',
  'other',
];

export const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

export function isPieceCategory(value: string | null | undefined): value is PieceCategory {
  return (CATALOG_CATEGORIES as readonly string[]).includes(value ?? '');
}

export const CATALOG_CONDITIONS = ['excellent', 'very_good', 'good', 'fair'] as const;
export type PieceCondition = (typeof CATALOG_CONDITIONS)[number];
const CONDITION_LABELS: Record<PieceCondition, string> = {
  excellent: 'Excellent',
  very_good: 'Very good',
  good: 'Good',
  fair: 'Fair',
};

export function isPieceCondition(value: string | null | undefined): value is PieceCondition {
  return (CATALOG_CONDITIONS as readonly string[]).includes(value ?? '');
}

/** A condition as people read it; a value outside the list (none should remain) is shown as stored. */
export function conditionLabel(condition: string): string {
  return isPieceCondition(condition) ? CONDITION_LABELS[condition] : condition;
}

/** The distances the market offers, in whole miles. */
export const CATALOG_DISTANCES = [25, 50, 100] as const;
export type PieceDistance = (typeof CATALOG_DISTANCES)[number];

/** A page of the market and of My listings. */
export const CATALOG_PAGE_SIZE = 24;

/** Photos per listing (the database's check says the same). */
export const MAX_PHOTOS = 6;

/** Largest dimension, in inches (100 feet: the database's check says the same). */
export const MAX_INCHES = 1200;

type Dimensions = { width_in: number | null; depth_in: number | null; height_in: number | null };

/** '24 × 18 × 30.5 in' (width × depth × height); null unless all three are known. */
export function formatDimensions({ width_in, depth_in, height_in }: Dimensions): string | null {
  if (width_in === null || depth_in === null || height_in === null) return null;
  const inches = (value: number) => Number(value).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${inches(width_in)} × ${inches(depth_in)} × ${inches(height_in)} in`;
}

export type PieceStatus = 'available' | 'sold' | 'delisted';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** When a piece was listed, as people say it: 'yesterday', '3 days ago', 'last month'; 'just now' under a minute. */
export function formatListedAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
