import { Search } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { LabelledField } from '@/components/ui/field';
import { LoadMore } from '@/components/load-more';
import { NativeSelect } from '@/components/ui/native-select';
import { useSearchPieces, type PieceCard as PieceCardRow } from '@/features/good-stuff/api/search-pieces';
import {
  CATALOG_CATEGORIES,
  CATALOG_CONDITIONS,
  CATALOG_DISTANCES,
  categoryLabel,
  conditionLabel,
  isPieceCategory,
  type PieceDistance,
} from '@/features/good-stuff/utils/piece-fields';
import {
  CATALOG_SORTS,
  NO_FILTERS,
  SORT_LABELS,
  effectiveFilters,
  isFiltered,
  searchParamsFromFilters,
  type PieceFilters,
  type PieceSort,
} from '@/features/good-stuff/utils/search-params';
import { PieceCard } from '@/features/good-stuff/components/piece-card';
import { DebouncedInput } from '@/features/good-stuff/components/debounced-input';
import type { Coordinates } from '@/lib/geo';

export const NO_ORIGIN_HINT = 'Add your location in your profile to see distances';

type GoodStuffMarketProps = {
  filters: PieceFilters;
  /** New filters; `replace` when the change is a pause in typing (it replaces the history entry it refines). */
  onChange: (filters: PieceFilters, options?: { replace?: boolean }) => void;
  /** The viewer's place (their profile's coordinates); null: no distances and no distance filter or sort. */
  origin: Coordinates | null;
  enabled: boolean;
  /** A control for each card's corner (the Save heart, another feature's). */
  cardCorner?: (item: PieceCardRow) => ReactNode;
};

/**
 * Good Stuff's search and filters and the pieces they find (docs/product.md, Good Stuff): words, category, price
 * range, condition, distance and sort, all held by the caller (the URL), through search_catalog_items a page at a
 * time. The number shown is said politely to screen readers; 'No pieces match' offers Clear filters.
 */
export function GoodStuffMarket({ filters, onChange, origin, enabled, cardCorner }: GoodStuffMarketProps) {
  const id = useId();
  const applied = effectiveFilters(filters, origin !== null);
  // The database refuses this too ('The lowest price cannot be above the highest'); said here, nothing is asked.
  const priceError =
    filters.minPrice !== null && filters.maxPrice !== null && filters.minPrice > filters.maxPrice
      ? 'Min price cannot be above max price'
      : null;
  const items = useSearchPieces(applied, origin, { enabled: enabled && !priceError });
  const priceErrorId = `${id}-price-error`;
  const priceInvalid = priceError ? ({ 'aria-invalid': true, 'aria-describedby': priceErrorId } as const) : {};
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
  const set = (patch: Partial<PieceFilters>) => change((current) => ({ ...current, ...patch }));
  const search = `?${searchParamsFromFilters(filters).toString()}`.replace(/^\?$/, '');
  const hintId = `${id}-distance-hint`;
  const price = (value: string) => (value === '' || !/^\d+(\.\d{1,2})?$/.test(value) ? null : Number(value));
  const clear = () => change((current) => ({ ...NO_FILTERS, sort: current.sort }));

  return (
    <div className="space-y-6">
      <section role="search" aria-label="Search and filters" className="space-y-4">
        <LabelledField id={`${id}-q`} label="Search Good Stuff">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <DebouncedInput
              id={`${id}-q`}
              type="search"
              className="pl-9"
              placeholder="Try “teak”, “opaline lamp”, “rattan chair”"
              maxLength={200}
              value={filters.q}
              onCommit={(q, { typing }) =>
                change((current) => ({ ...current, q }), { replace: typing && filters.q !== '' })
              }
            />
          </div>
        </LabelledField>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <LabelledField id={`${id}-category`} label="Category">
            <NativeSelect
              id={`${id}-category`}
              value={filters.category ?? ''}
              onChange={(event) => set({ category: isPieceCategory(event.target.value) ? event.target.value : null })}
            >
              <option value="">All categories</option>
              {CATALOG_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          <LabelledField id={`${id}-min`} label="Min price ($)">
            <DebouncedInput
              id={`${id}-min`}
              {...priceInvalid}
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              value={filters.minPrice === null ? '' : String(filters.minPrice)}
              onCommit={(value) => set({ minPrice: price(value) })}
            />
          </LabelledField>
          <LabelledField id={`${id}-max`} label="Max price ($)">
            <DebouncedInput
              id={`${id}-max`}
              {...priceInvalid}
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              value={filters.maxPrice === null ? '' : String(filters.maxPrice)}
              onCommit={(value) => set({ maxPrice: price(value) })}
            />
          </LabelledField>
          <div className="grid gap-2">
            <LabelledField id={`${id}-distance`} label="Distance">
              <NativeSelect
                id={`${id}-distance`}
                value={origin ? String(filters.within ?? '') : ''}
                disabled={!origin}
                aria-describedby={origin ? undefined : hintId}
                onChange={(event) =>
                  set({ within: event.target.value === '' ? null : (Number(event.target.value) as PieceDistance) })
                }
              >
                <option value="">Any distance</option>
                {CATALOG_DISTANCES.map((miles) => (
                  <option key={miles} value={miles}>
                    Within {miles} miles
                  </option>
                ))}
              </NativeSelect>
            </LabelledField>
            {origin ? null : (
              <p id={hintId} className="text-sm text-muted-foreground">
                {NO_ORIGIN_HINT}
              </p>
            )}
          </div>
          <LabelledField id={`${id}-sort`} label="Sort by">
            <NativeSelect
              id={`${id}-sort`}
              value={applied.sort}
              onChange={(event) => set({ sort: event.target.value as PieceSort })}
            >
              {CATALOG_SORTS.filter((s) => s !== 'distance' || origin).map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
        </div>
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className="float-left mr-2 text-sm font-medium">Condition</legend>
          {CATALOG_CONDITIONS.map((c) => (
            <label key={c} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={filters.conditions.includes(c)}
                onChange={(event) => {
                  const checked = event.target.checked;
                  change((current) => ({
                    ...current,
                    conditions: CATALOG_CONDITIONS.filter((x) => (x === c ? checked : current.conditions.includes(x))),
                  }));
                }}
              />
              {conditionLabel(c)}
            </label>
          ))}
        </fieldset>
      </section>

      {priceError ? (
        <p id={priceErrorId} role="alert" className="text-sm font-medium text-destructive">
          {priceError}
        </p>
      ) : enabled ? (
        <QueryState query={items} loading="Loading items…" failed="Failed to load items">
          {(data) => {
            const rows = data.pages.flat();
            return (
              <>
                <div className="flex flex-wrap items-center gap-3">
                  <p
                    role="status"
                    className={rows.length === 0 ? 'pt-4 text-lg font-medium' : 'text-sm text-muted-foreground'}
                  >
                    {rows.length === 0
                      ? isFiltered(applied)
                        ? 'No pieces match'
                        : 'No items listed yet'
                      : `${rows.length} ${rows.length === 1 ? 'piece' : 'pieces'}${items.hasNextPage ? ' shown, more to load' : ''}`}
                  </p>
                  {isFiltered(filters) ? (
                    <Button type="button" variant="outline" size="sm" onClick={clear}>
                      Clear filters
                    </Button>
                  ) : null}
                </div>
                {rows.length === 0 ? null : (
                  <ul
                    className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
                    aria-label="Pieces"
                    aria-busy={items.isFetching && !items.isFetchingNextPage}
                  >
                    {rows.map((item) => (
                      <li key={item.id} className="flex">
                        <PieceCard item={item} search={search} corner={cardCorner?.(item)} />
                      </li>
                    ))}
                  </ul>
                )}
                <LoadMore
                  hasNextPage={items.hasNextPage}
                  isFetchingNextPage={items.isFetchingNextPage}
                  onLoadMore={() => void items.fetchNextPage()}
                />
              </>
            );
          }}
        </QueryState>
      ) : null}
    </div>
  );
}
