import {
  CATALOG_CONDITIONS,
  CATALOG_DISTANCES,
  categoryLabel,
  conditionLabel,
  isPieceCategory,
  isPieceCondition,
  type PieceCategory,
  type PieceCondition,
  type PieceDistance,
} from '@/features/good-stuff/utils/piece-fields';

export const CATALOG_SORTS = ['newest', 'price_asc', 'price_desc', 'distance'] as const;
export type PieceSort = (typeof CATALOG_SORTS)[number];
export const SORT_LABELS: Record<PieceSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  distance: 'Distance',
};

/** What the market shows: the search box's words and the filters (docs/product.md, Good Stuff). */
export type PieceFilters = {
  q: string;
  category: PieceCategory | null;
  minPrice: number | null;
  maxPrice: number | null;
  conditions: PieceCondition[];
  within: PieceDistance | null;
  sort: PieceSort;
};

export const NO_FILTERS: PieceFilters = {
  q: '',
  category: null,
  minPrice: null,
  maxPrice: null,
  conditions: [],
  within: null,
  sort: 'newest',
};

/** A price from the URL: a number of dollars ≥ 0 with at most two decimals; anything else is no bound. */
function price(value: string | null): number | null {
  if (value === null || !/^\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * The filters a URL's search params name (`?q=lamp&category=lighting&max=100&condition=good&within=25&sort=price_asc`).
 * The URL is the state: back, forward and a shared link show the same market. Values that are not ones the market
 * offers (a typo, an old link) are dropped rather than refused.
 */
export function filtersFromSearchParams(params: URLSearchParams): PieceFilters {
  const category = params.get('category');
  const within = Number(params.get('within'));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    category: isPieceCategory(category) ? category : null,
    minPrice: price(params.get('min')),
    maxPrice: price(params.get('max')),
    // In the list's order, each once.
    conditions: CATALOG_CONDITIONS.filter((c) =>
      params.getAll('condition').some((v) => isPieceCondition(v) && v === c),
    ),
    within: (CATALOG_DISTANCES as readonly number[]).includes(within) ? (within as PieceDistance) : null,
    sort: (CATALOG_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PieceSort) : 'newest',
  };
}

/** The search params of `filters`: only what differs from no filters, so the plain market is `/good-stuff`. */
export function searchParamsFromFilters(filters: PieceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.minPrice !== null) params.set('min', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('max', String(filters.maxPrice));
  for (const condition of filters.conditions) params.append('condition', condition);
  if (filters.within !== null) params.set('within', String(filters.within));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** Whether anything narrows the market (the sort does not). */
export function isFiltered(filters: PieceFilters): boolean {
  return (
    filters.q !== '' ||
    filters.category !== null ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.conditions.length > 0 ||
    filters.within !== null
  );
}

/**
 * The filters that apply for a viewer with or without a place: without one, distance neither filters nor sorts
 * (the controls say how to get one).
 */
export function effectiveFilters(filters: PieceFilters, hasOrigin: boolean): PieceFilters {
  if (hasOrigin) return filters;
  return { ...filters, within: null, sort: filters.sort === 'distance' ? 'newest' : filters.sort };
}

/** The market's own search params; others in the URL (the project a search is for) are left as they are. */
const MARKET_PARAMS = ['q', 'category', 'min', 'max', 'condition', 'within', 'sort'] as const;

/**
 * `filters` as a change to the URL's search (for useSearchPatch): each of the market's params set or removed, each
 * as a list, so they are written again in this order after any other param (one URL per market, whatever the order
 * of the changes).
 */
export function searchPatchFromFilters(filters: PieceFilters): Record<string, string[]> {
  const params = searchParamsFromFilters(filters);
  return Object.fromEntries(MARKET_PARAMS.map((name) => [name, params.getAll(name)]));
}

/**
 * A search as a saved search holds it (public.saved_searches; docs/find-it-first.md): words, category, price range,
 * conditions and distance. The sort is not part of it: an alert is about a new piece, not an order.
 */
export type SearchCriteria = {
  words: string | null;
  category: string | null;
  min_price: number | null;
  max_price: number | null;
  conditions: string[];
  within_miles: number | null;
};

/** The criteria of the market's filters (what Save this search keeps). */
export function criteriaFromFilters(filters: PieceFilters): SearchCriteria {
  return {
    words: filters.q.trim() || null,
    category: filters.category,
    min_price: filters.minPrice,
    max_price: filters.maxPrice,
    conditions: [...filters.conditions],
    within_miles: filters.within,
  };
}

/** The market's filters for saved criteria (Open on Saved → Searches). */
export function filtersFromCriteria(criteria: SearchCriteria): PieceFilters {
  return filtersFromSearchParams(
    searchParamsFromFilters({
      q: criteria.words ?? '',
      category: isPieceCategory(criteria.category) ? criteria.category : null,
      minPrice: criteria.min_price,
      maxPrice: criteria.max_price,
      conditions: CATALOG_CONDITIONS.filter((c) => criteria.conditions.includes(c)),
      within: (CATALOG_DISTANCES as readonly number[]).includes(criteria.within_miles ?? NaN)
        ? (criteria.within_miles as PieceDistance)
        : null,
      sort: 'newest',
    }),
  );
}

/**
 * The market's URL for saved criteria (Open on Saved → Searches): its filters, and the project it is for, whose
 * place the distance is then measured from.
 */
export function criteriaSearchParams(criteria: SearchCriteria, projectId: string | null = null): URLSearchParams {
  const params = searchParamsFromFilters(filtersFromCriteria(criteria));
  if (projectId) params.set('project', projectId);
  return params;
}

const dollars = (value: number) => `$${Number.isInteger(value) ? value : value.toFixed(2)}`;

/**
 * Criteria in a few words, as a saved search's suggested name and its summary: '“lamp” · Lighting · up to $100 ·
 * within 25 miles · Good or Fair'. Empty criteria: 'Everything on Good Stuff'.
 */
export function describeCriteria(criteria: SearchCriteria, { quoted = true }: { quoted?: boolean } = {}): string {
  const parts: string[] = [];
  if (criteria.words) parts.push(quoted ? `“${criteria.words}”` : criteria.words);
  if (criteria.category) parts.push(categoryLabel(criteria.category));
  const { min_price: min, max_price: max } = criteria;
  if (min !== null && max !== null) parts.push(`${dollars(min)}–${dollars(max)}`);
  else if (max !== null) parts.push(`up to ${dollars(max)}`);
  else if (min !== null) parts.push(`from ${dollars(min)}`);
  if (criteria.within_miles !== null) parts.push(`within ${criteria.within_miles} miles`);
  // In the list's order, whatever order they were stored in.
  const conditions = CATALOG_CONDITIONS.filter((c) => criteria.conditions.includes(c));
  if (conditions.length > 0) parts.push(conditions.map(conditionLabel).join(' or '));
  return parts.length === 0 ? 'Everything on Good Stuff' : parts.join(' · ');
}

/** The name Save this search offers: the criteria in a few words, unquoted (alerts quote the name), at most 80. */
export const suggestedSearchName = (criteria: SearchCriteria) =>
  describeCriteria(criteria, { quoted: false }).slice(0, 80);
