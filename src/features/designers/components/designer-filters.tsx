import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { designStyles } from '@/config/design-styles';
import type { DesignerSearch } from '@/features/designers/hooks/use-designer-search';
import {
  ANY_STYLE,
  CLEARED_FILTERS,
  DESIGNER_DISTANCES,
  DESIGNER_MIN_RATINGS,
  DESIGNER_SORTS,
  narrowsDesigners,
  rateRangeSchema,
  type DesignerDistance,
  type DesignerFilters,
  type DesignerMinRating,
  type DesignerSort,
} from '@/features/designers/utils/designer-search-params';

export const NO_PLACE_HINT = 'Add your location in your profile to filter by distance';

function sortLabel(sort: DesignerSort, hasOrigin: boolean): string {
  if (sort === 'rating') return 'Highest rated';
  if (sort === 'rate') return 'Lowest rate';
  return hasOrigin ? 'Nearest' : 'Newest';
}

const rateText = (rate: number | null) => (rate === null ? '' : String(rate));

/**
 * The base rate range: two amounts applied together when the user presses Enter or leaves a box (each key would be
 * a read), checked as the database checks them (search_designers refuses a lowest rate above the highest).
 */
function RateRange({ id, filters, set }: { id: string; filters: DesignerFilters; set: DesignerSearch['set'] }) {
  const [min, setMin] = useState(rateText(filters.minRate));
  const [max, setMax] = useState(rateText(filters.maxRate));
  const [error, setError] = useState<string | null>(null);
  // The range in force changed from elsewhere (Clear filters, back and forward): show it.
  const [shown, setShown] = useState(`${filters.minRate}-${filters.maxRate}`);
  if (shown !== `${filters.minRate}-${filters.maxRate}`) {
    setShown(`${filters.minRate}-${filters.maxRate}`);
    setMin(rateText(filters.minRate));
    setMax(rateText(filters.maxRate));
    setError(null);
  }

  function apply() {
    const parsed = rateRangeSchema.safeParse({ min, max });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the rates');
      return;
    }
    setError(null);
    if (parsed.data.min !== filters.minRate || parsed.data.max !== filters.maxRate)
      set({ minRate: parsed.data.min, maxRate: parsed.data.max });
  }

  const errorId = `${id}-rate-error`;
  const invalid = error ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};
  const box = (suffix: 'min' | 'max', label: string, value: string, change: (text: string) => void) => (
    <LabelledField id={`${id}-${suffix}`} label={label}>
      <Input
        id={`${id}-${suffix}`}
        {...invalid}
        type="number"
        inputMode="decimal"
        min={0}
        step={1}
        value={value}
        onChange={(event) => change(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </LabelledField>
  );
  return (
    <>
      {box('min', 'Min rate ($)', min, setMin)}
      <div className="grid gap-2">
        {box('max', 'Max rate ($)', max, setMax)}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </>
  );
}

/**
 * The directory's filters and order (docs/places.md, "Designer filters"): style, base rate range, minimum rating,
 * verified badge, distance (with a place) and sort. Every choice is in the URL.
 */
export function DesignerFiltersBar({ search, hasOrigin }: { search: DesignerSearch; hasOrigin: boolean }) {
  const id = useId();
  const { filters, set } = search;
  const hintId = `${id}-distance-hint`;
  return (
    <section role="search" aria-label="Filter designers" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <LabelledField id={`${id}-style`} label="Style">
          <NativeSelect
            id={`${id}-style`}
            value={filters.style ?? ANY_STYLE}
            onChange={(event) => set({ style: event.target.value as DesignerFilters['style'] })}
          >
            <option value={ANY_STYLE}>All styles</option>
            {designStyles.map((style) => (
              <option key={style.id} value={style.id}>
                {style.name}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <RateRange id={id} filters={filters} set={set} />
        <LabelledField id={`${id}-rating`} label="Rating">
          <NativeSelect
            id={`${id}-rating`}
            value={filters.minRating === null ? '' : String(filters.minRating)}
            onChange={(event) =>
              set({
                minRating: event.target.value === '' ? null : (Number(event.target.value) as DesignerMinRating),
              })
            }
          >
            <option value="">Any rating</option>
            {DESIGNER_MIN_RATINGS.map((stars) => (
              <option key={stars} value={stars}>
                {stars}+ stars
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <div className="grid gap-2">
          <LabelledField id={`${id}-distance`} label="Distance">
            <NativeSelect
              id={`${id}-distance`}
              value={hasOrigin && filters.within !== null ? String(filters.within) : ''}
              disabled={!hasOrigin}
              aria-describedby={hasOrigin ? undefined : hintId}
              onChange={(event) =>
                set({ within: event.target.value === '' ? null : (Number(event.target.value) as DesignerDistance) })
              }
            >
              <option value="">Any distance</option>
              {DESIGNER_DISTANCES.map((miles) => (
                <option key={miles} value={miles}>
                  Within {miles} miles
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          {hasOrigin ? null : (
            <p id={hintId} className="text-sm text-muted-foreground">
              {NO_PLACE_HINT}
            </p>
          )}
        </div>
        <LabelledField id={`${id}-sort`} label="Sort by">
          <NativeSelect
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(event) => set({ sort: event.target.value as DesignerSort })}
          >
            {DESIGNER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabel(sort, hasOrigin)}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={filters.verified}
            onChange={(event) => set({ verified: event.target.checked })}
          />
          Verified designers only
        </label>
        {narrowsDesigners(filters) ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => set(CLEARED_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </section>
  );
}
