import { z } from 'zod';
import { designStyles, type DesignStyleId } from '@/config/design-styles';
import type { SearchPatch } from '@/hooks/use-search-patch';

/** The orders of the directory (search_designers' `sort`; docs/places.md, "Designer filters"). */
export const DESIGNER_SORTS = ['nearest', 'rating', 'rate'] as const;
export type DesignerSort = (typeof DESIGNER_SORTS)[number];

/** The distances offered, in miles (the database takes any whole number of miles from 1). */
export const DESIGNER_DISTANCES = [10, 25, 50, 100] as const;
export type DesignerDistance = (typeof DESIGNER_DISTANCES)[number];

/** The minimum ratings offered (stars, against the average shown to one decimal). */
export const DESIGNER_MIN_RATINGS = [3, 4, 4.5] as const;
export type DesignerMinRating = (typeof DESIGNER_MIN_RATINGS)[number];

/** `?style=any`: every style, chosen by the user (no style in the URL lets the customer's preferred style in). */
export const ANY_STYLE = 'any';

export type DesignerFilters = {
  /** A style id; 'any' when the user chose every style; null when the URL names none (yet). */
  style: DesignStyleId | typeof ANY_STYLE | null;
  minRate: number | null;
  maxRate: number | null;
  minRating: DesignerMinRating | null;
  verified: boolean;
  within: DesignerDistance | null;
  sort: DesignerSort;
};

/** The highest rate the fields take, as the profile's base rate column (numeric(10,2)). */
export const MAX_RATE = 99_999_999;

/** A rate as typed: empty is no bound; otherwise a whole or cents amount from $0. */
const rateText = z
  .string()
  .trim()
  .refine((text) => text === '' || (/^\d+(\.\d{1,2})?$/.test(text) && Number(text) <= MAX_RATE), {
    message: 'Enter a rate in dollars, like 60',
  })
  .transform((text) => (text === '' ? null : Number(text)));

/** The rate range's fields, checked as the database checks them (search_designers: from $0, lowest ≤ highest). */
export const rateRangeSchema = z
  .object({ min: rateText, max: rateText })
  .refine(({ min, max }) => min === null || max === null || min <= max, {
    message: 'The lowest rate cannot be above the highest',
    path: ['max'],
  });

function styleFrom(value: string | null): DesignerFilters['style'] {
  if (value === null) return null;
  if (value === ANY_STYLE) return ANY_STYLE;
  const style = designStyles.find((s) => s.id === value || s.name === value);
  return style ? style.id : ANY_STYLE;
}

function rateFrom(value: string | null): number | null {
  const parsed = rateText.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

function oneOf<T extends number | string>(options: readonly T[], value: string | null): T | null {
  return options.find((option) => String(option) === value) ?? null;
}

/** The filters a URL names; values it cannot read are left out (a hand-edited or old link still opens). */
export function designerFiltersFrom(params: URLSearchParams): DesignerFilters {
  let minRate = rateFrom(params.get('min'));
  let maxRate = rateFrom(params.get('max'));
  if (minRate !== null && maxRate !== null && minRate > maxRate) [minRate, maxRate] = [null, null];
  return {
    style: styleFrom(params.get('style')),
    minRate,
    maxRate,
    minRating: oneOf(DESIGNER_MIN_RATINGS, params.get('rating')),
    verified: params.get('verified') === '1',
    within: oneOf(DESIGNER_DISTANCES, params.get('within')),
    sort: oneOf(DESIGNER_SORTS, params.get('sort')) ?? 'nearest',
  };
}

/** The URL change for some filters (the default order and no filter leave the URL). */
export function designerFiltersPatch(changes: Partial<DesignerFilters>): SearchPatch {
  const patch: SearchPatch = {};
  if ('style' in changes) patch.style = changes.style ?? null;
  if ('minRate' in changes) patch.min = changes.minRate == null ? null : String(changes.minRate);
  if ('maxRate' in changes) patch.max = changes.maxRate == null ? null : String(changes.maxRate);
  if ('minRating' in changes) patch.rating = changes.minRating == null ? null : String(changes.minRating);
  if ('verified' in changes) patch.verified = changes.verified ? '1' : null;
  if ('within' in changes) patch.within = changes.within == null ? null : String(changes.within);
  if ('sort' in changes) patch.sort = changes.sort === 'nearest' || !changes.sort ? null : changes.sort;
  return patch;
}

/** Every filter off (the style too: 'any', so the preferred style does not come back). */
export const CLEARED_FILTERS: Partial<DesignerFilters> = {
  style: ANY_STYLE,
  minRate: null,
  maxRate: null,
  minRating: null,
  verified: false,
  within: null,
};

/** Whether any filter narrows the list (the order does not). */
export function narrowsDesigners(filters: DesignerFilters): boolean {
  return (
    (filters.style !== null && filters.style !== ANY_STYLE) ||
    filters.minRate !== null ||
    filters.maxRate !== null ||
    filters.minRating !== null ||
    filters.verified ||
    filters.within !== null
  );
}
