import {
  CATALOG_CONDITIONS,
  CATALOG_DISTANCES,
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
