import { LocateFixed } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePlaceField, type PlaceFieldOptions } from '@/components/place-field/use-place-field';
import { Button } from '@/components/ui/button';
import { FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export { LOCATION_DENIED_MESSAGE } from '@/components/place-field/use-place-field';
export const UNPLACED_NOTICE = "We couldn't place this; distances won't show";

type PlaceFieldProps = Omit<PlaceFieldOptions, 'placeholder' | 'hasHint'> & {
  label: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
};

/**
 * The one location field (docs/decisions/0024-places.md): a WAI-ARIA 1.2 combobox (downshift's useCombobox) that
 * suggests places from the gazetteer as one types, names the device's position with its nearest city, and keeps
 * free text that matches no place, saying that distances will not show for it. Its value is the text and the
 * chosen place's id; typing clears the id, choosing a suggestion sets both. The behaviour is usePlaceField's.
 */
export function PlaceField({
  label,
  hint,
  placeholder = 'City or US ZIP code',
  className,
  ...options
}: PlaceFieldProps) {
  const field = usePlaceField({ ...options, placeholder, hasHint: Boolean(hint) });
  const { ids, open, places, locateError } = field;
  const announcement = open
    ? `${places.length} ${places.length === 1 ? 'place' : 'places'} found. Use the up and down arrow keys to choose one.`
    : '';

  return (
    <div data-slot="field" className={cn('flex flex-col gap-2', className)}>
      <Label {...field.getLabelProps()}>{label}</Label>
      <div className="relative">
        <div className="flex gap-2">
          <Input {...field.inputProps} />
          <Button
            variant="outline"
            onClick={field.locate}
            disabled={field.locating}
            aria-busy={field.locating}
            aria-describedby={locateError ? ids.locateError : undefined}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{field.locating ? 'Locating…' : 'Use my location'}</span>
          </Button>
        </div>
        <ul
          // Its own name: labelled by the field's label, it would be a second element named 'Location'.
          {...field.getMenuProps({ 'aria-label': 'Suggested places' })}
          className={cn(
            'absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto rounded-md border bg-card p-1 text-sm shadow-md',
            !open && 'hidden',
          )}
        >
          {open
            ? places.map((place, index) => (
                <li
                  key={place.id}
                  {...field.getItemProps({ item: place, index })}
                  className={cn(
                    'cursor-pointer rounded-sm px-3 py-2',
                    field.highlightedIndex === index && 'bg-accent text-accent-foreground',
                  )}
                >
                  {place.label}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {hint ? (
        <FieldDescription id={ids.hint} className="text-xs">
          {hint}
        </FieldDescription>
      ) : null}
      {/* Always there, so screen readers hear the notice when it appears. */}
      <p id={ids.notice} role="status" className={cn('text-sm text-muted-foreground', !field.showNotice && 'sr-only')}>
        {field.showNotice ? UNPLACED_NOTICE : null}
      </p>
      {locateError ? (
        <p id={ids.locateError} role="alert" className="text-sm font-medium text-destructive">
          {locateError}
        </p>
      ) : null}
    </div>
  );
}
