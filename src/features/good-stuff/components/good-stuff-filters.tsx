import { Search } from 'lucide-react';
import { LabelledField } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { CategoryOptions } from '@/features/good-stuff/components/category-options';
import { DebouncedInput } from '@/features/good-stuff/components/debounced-input';
import { priceFromText, type GoodStuffMarketState } from '@/features/good-stuff/hooks/use-good-stuff-market';
import {
  CATALOG_CONDITIONS,
  CATALOG_DISTANCES,
  conditionLabel,
  isPieceCategory,
  type PieceDistance,
} from '@/features/good-stuff/utils/piece-fields';
import {
  CATALOG_SORTS,
  SORT_LABELS,
  type PieceFilters,
  type PieceSort,
} from '@/features/good-stuff/utils/search-params';
import type { Coordinates } from '@/lib/geo';

const PRICE_BOUNDS = [
  { key: 'minPrice', suffix: 'min', label: 'Min price ($)' },
  { key: 'maxPrice', suffix: 'max', label: 'Max price ($)' },
] as const;

export const NO_ORIGIN_HINT = 'Add your location in your profile to see distances';

type GoodStuffFiltersProps = {
  filters: PieceFilters;
  origin: Coordinates | null;
  market: GoodStuffMarketState;
};

/** Good Stuff's search box and filters: words, category, price range, distance, sort and condition. */
export function GoodStuffFilters({ filters, origin, market }: GoodStuffFiltersProps) {
  const { id, applied, change, set } = market;
  const priceInvalid = market.priceError
    ? ({ 'aria-invalid': true, 'aria-describedby': market.priceErrorId } as const)
    : {};
  const hintId = `${id}-distance-hint`;
  return (
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
            <CategoryOptions none="All categories" />
          </NativeSelect>
        </LabelledField>
        {PRICE_BOUNDS.map(({ key, suffix, label }) => (
          <LabelledField key={key} id={`${id}-${suffix}`} label={label}>
            <DebouncedInput
              id={`${id}-${suffix}`}
              {...priceInvalid}
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              value={filters[key] === null ? '' : String(filters[key])}
              onCommit={(value) => set({ [key]: priceFromText(value) })}
            />
          </LabelledField>
        ))}
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
  );
}
