import { useId, useRef } from 'react';
import { useSearchPieces } from '@/features/good-stuff/api/search-pieces';
import {
  NO_FILTERS,
  effectiveFilters,
  searchParamsFromFilters,
  type PieceFilters,
} from '@/features/good-stuff/utils/search-params';
import type { Coordinates } from '@/lib/geo';

export type MarketOptions = {
  filters: PieceFilters;
  /** New filters; `replace` when the change is a pause in typing (it replaces the history entry it refines). */
  onChange: (filters: PieceFilters, options?: { replace?: boolean }) => void;
  /** The viewer's place (their profile's coordinates); null: no distances and no distance filter or sort. */
  origin: Coordinates | null;
  enabled: boolean;
};

/** A price box's text as a price: whole or cents, else no bound. */
export const priceFromText = (value: string) =>
  value === '' || !/^\d+(\.\d{1,2})?$/.test(value) ? null : Number(value);

/**
 * Good Stuff's filters and the pieces they find (docs/product.md, Good Stuff), for the market's view: the filters
 * in force, the price rule said before anything is asked, and changes that build on each other.
 */
export function useGoodStuffMarket({ filters, onChange, origin, enabled }: MarketOptions) {
  const id = useId();
  const applied = effectiveFilters(filters, origin !== null);
  // The database refuses this too ('The lowest price cannot be above the highest'); said here, nothing is asked.
  const priceError =
    filters.minPrice !== null && filters.maxPrice !== null && filters.minPrice > filters.maxPrice
      ? 'Min price cannot be above max price'
      : null;
  const items = useSearchPieces(applied, origin, { enabled: enabled && !priceError });
  // Several changes can come before the URL answers with a render (the search box commits as focus leaves it for
  // the next control): each builds on the last one sent, not on this render's filters, so none is lost.
  const pending = useRef<{ base: string; latest: PieceFilters } | null>(null);
  const shownKey = searchParamsFromFilters(filters).toString();
  const change = (make: (current: PieceFilters) => PieceFilters, options?: { replace?: boolean }) => {
    const current = pending.current?.base === shownKey ? pending.current.latest : filters;
    const next = make(current);
    pending.current = { base: shownKey, latest: next };
    onChange(next, options);
  };
  return {
    id,
    applied,
    priceError,
    priceErrorId: `${id}-price-error`,
    items,
    /** The filters as the URL's search, for the cards to come back to. */
    search: shownKey === '' ? '' : `?${shownKey}`,
    change,
    set: (patch: Partial<PieceFilters>) => change((current) => ({ ...current, ...patch })),
    clear: () => change((current) => ({ ...NO_FILTERS, sort: current.sort })),
  };
}

export type GoodStuffMarketState = ReturnType<typeof useGoodStuffMarket>;
