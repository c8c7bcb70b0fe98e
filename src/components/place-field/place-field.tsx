import { useCombobox } from 'downshift';
import { LocateFixed } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { GEOLOCATION_UNSUPPORTED_MESSAGE, formatLatLng, parseLatLng } from '@/lib/geo';
import { nearestPlace } from '@/lib/places/nearest-place';
import { placeKey, type Place, type PlaceValue } from '@/lib/places/place';
import { MIN_PLACE_QUERY, searchPlaces } from '@/lib/places/search-places';
import { cn } from '@/lib/utils';

/**
 * Keystrokes closer together than this make one search. Short, so suggestions follow a keystroke within about
 * 50 ms on the local stack (the search itself takes a few ms); each new search aborts the one before.
 */
export const PLACE_SEARCH_DEBOUNCE_MS = 30;
export const PLACE_SUGGESTIONS = 8;
export const UNPLACED_NOTICE = "We couldn't place this; distances won't show";
export const LOCATION_DENIED_MESSAGE = 'Location access denied. Please type your location.';

type PlaceFieldProps = {
  /** The input's id; the label, list and messages take ids from it. */
  id: string;
  label: ReactNode;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  onBlur?: () => void;
  /** The input element, for react-hook-form to focus on an error. */
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
  /** From the form: the field's shown error (errorProps). */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type LastSearch = { query: string; found: number };

/**
 * The one location field (docs/decisions/0024-places.md): a WAI-ARIA 1.2 combobox (downshift's useCombobox) that
 * suggests places from the gazetteer as one types, names the device's position with its nearest city, and keeps
 * free text that matches no place, saying that distances will not show for it. Its value is the text and the
 * chosen place's id; typing clears the id, choosing a suggestion sets both.
 */
export function PlaceField({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  hint,
  placeholder = 'City or US ZIP code',
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedByForm,
}: PlaceFieldProps) {
  const [items, setItems] = useState<Place[]>([]);
  const [menuWanted, setMenuWanted] = useState(false);
  const [lastSearch, setLastSearch] = useState<LastSearch | null>(null);
  const [focused, setFocused] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);

  // The form as it is now, for answers that arrive after more typing.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  // Each search has a number; only the newest one's answer is shown (an older, slower answer is dropped).
  const searchNumber = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  const cancelSearch = useCallback(() => {
    searchNumber.current += 1;
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelSearch();
    };
  }, [cancelSearch]);

  const search = useCallback(
    (text: string) => {
      cancelSearch();
      const number = searchNumber.current;
      const query = text.trim();
      if (query.length < MIN_PLACE_QUERY) {
        setItems([]);
        setLastSearch(null);
        return;
      }
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        inFlight.current = controller;
        searchPlaces(query, { maxResults: PLACE_SUGGESTIONS, signal: controller.signal }).then(
          (places) => {
            if (number !== searchNumber.current) return;
            setItems(places);
            setLastSearch({ query, found: places.length });
            // Typed exactly as a place is named: it is that place (the database places it the same way).
            const { value: now, onChange: change } = latest.current;
            const exact = places.find((place) => placeKey(place.label) === placeKey(query));
            if (exact && now.placeId === null && now.location.trim() === query)
              change({ location: now.location, placeId: exact.id });
          },
          () => {
            // No suggestions this time (offline, aborted): the text stays as typed.
            if (number !== searchNumber.current) return;
            setItems([]);
            setLastSearch(null);
          },
        );
      }, PLACE_SEARCH_DEBOUNCE_MS);
    },
    [cancelSearch],
  );

  // Only while the input has focus: downshift moves focus to the input when its list opens, and an answer that
  // arrives after one has moved on to the next field must not pull one back.
  // Checked against the document too: downshift focuses the input whenever its list opens, so an answer arriving
  // as one moves to the next field (its blur not yet rendered) must not open it and pull focus back.
  const inputHasFocus = typeof document !== 'undefined' && document.activeElement?.id === id;
  const open = menuWanted && focused && inputHasFocus && items.length > 0;
  // downshift moves focus to the input from an effect whenever its list is open and focus is elsewhere. That effect
  // runs after the render that opened the list, so a suggestion answer rendered just before the user moved to the
  // next field still pulled focus back, and what they typed there went into the location (the places journey
  // caught it: "Brooklyn, NYBrownstones…"). The list only ever opens while the input has focus, so downshift is
  // told that focus is on the input: it never moves focus itself.
  const environment = useMemo(() => {
    if (typeof window === 'undefined') return undefined;
    const doc = new Proxy(window.document, {
      get(target, key) {
        if (key === 'activeElement') return target.getElementById(id) ?? target.activeElement;
        const found: unknown = Reflect.get(target, key);
        return typeof found === 'function' ? (found as (...args: unknown[]) => unknown).bind(target) : found;
      },
    });
    return {
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      document: doc,
      Node: window.Node,
    };
  }, [id]);
  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<Place>({
    items,
    itemToString: (place) => place?.label ?? '',
    itemToKey: (place) => place?.id,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-listbox`,
    getItemId: (index) => `${id}-option-${index}`,
    inputValue: value.location,
    // The form holds the choice (value.placeId); downshift only reports it.
    selectedItem: null,
    isOpen: open,
    environment,
    onIsOpenChange: ({ isOpen }) => setMenuWanted(Boolean(isOpen)),
    // Typing is taken from the input's own change event (below): downshift reports it from an effect, a render
    // later, and with the value controlled a key pressed in between was overwritten (fast typing lost letters).
    onInputValueChange: ({ type, inputValue = '' }) => {
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape && inputValue === '') {
        // Escape on a closed list clears the field (the combobox pattern).
        cancelSearch();
        setItems([]);
        setLastSearch(null);
        onChange({ location: '', placeId: null });
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      cancelSearch();
      onChange({ location: selectedItem.label, placeId: selectedItem.id });
    },
  });

  function onTyped(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.currentTarget.value;
    setLocateError(null);
    onChange({ location: typed, placeId: null });
    search(typed);
  }

  function locate() {
    setLocateError(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocateError(GEOLOCATION_UNSUPPORTED_MESSAGE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const coordinates = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        // The nearest city names the position; with none near (or no answer) the text is the position itself,
        // which the database still places by its coordinates.
        void nearestPlace(coordinates)
          .catch(() => null)
          .then((place) => {
            if (!mounted.current) return;
            setLocating(false);
            cancelSearch();
            setItems([]);
            setLastSearch(null);
            latest.current.onChange(
              place
                ? { location: place.label, placeId: place.id }
                : { location: formatLatLng(coordinates), placeId: null },
            );
          })
          .catch(() => undefined);
      },
      () => {
        if (!mounted.current) return;
        setLocating(false);
        setLocateError(LOCATION_DENIED_MESSAGE);
      },
      { timeout: 10_000 },
    );
  }

  const text = value.location.trim();
  const unplaced = text !== '' && value.placeId === null && parseLatLng(text) === null;
  const searchedNothing = lastSearch !== null && lastSearch.query === text && lastSearch.found === 0;
  const showNotice = unplaced && !open && (searchedNothing || !focused);

  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const locateErrorId = `${id}-locate-error`;
  const describedBy =
    [describedByForm, hint ? hintId : null, showNotice ? noticeId : null, locateError ? locateErrorId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  const announcement = open
    ? `${items.length} ${items.length === 1 ? 'place' : 'places'} found. Use the up and down arrow keys to choose one.`
    : '';

  const inputProps = getInputProps({
    ref: inputRef,
    name,
    placeholder,
    'aria-invalid': ariaInvalid,
    'aria-describedby': describedBy,
    onFocus: () => setFocused(true),
    onBlur: () => {
      setFocused(false);
      onBlur?.();
    },
  });

  return (
    <div data-slot="field" className={cn('flex flex-col gap-2', className)}>
      <Label {...getLabelProps()}>{label}</Label>
      <div className="relative">
        <div className="flex gap-2">
          <Input
            {...inputProps}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              onTyped(event);
              inputProps.onChange?.(event);
            }}
          />
          <Button
            variant="outline"
            onClick={locate}
            disabled={locating}
            aria-busy={locating}
            aria-describedby={locateError ? locateErrorId : undefined}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{locating ? 'Locating…' : 'Use my location'}</span>
          </Button>
        </div>
        <ul
          // Its own name: labelled by the field's label, it would be a second element named 'Location'.
          {...getMenuProps({ 'aria-label': 'Suggested places' })}
          className={cn(
            'absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto rounded-md border bg-card p-1 text-sm shadow-md',
            !open && 'hidden',
          )}
        >
          {open
            ? items.map((place, index) => (
                <li
                  key={place.id}
                  {...getItemProps({ item: place, index })}
                  className={cn(
                    'cursor-pointer rounded-sm px-3 py-2',
                    highlightedIndex === index && 'bg-accent text-accent-foreground',
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
        <FieldDescription id={hintId} className="text-xs">
          {hint}
        </FieldDescription>
      ) : null}
      {/* Always there, so screen readers hear the notice when it appears. */}
      <p id={noticeId} role="status" className={cn('text-sm text-muted-foreground', !showNotice && 'sr-only')}>
        {showNotice ? UNPLACED_NOTICE : null}
      </p>
      {locateError ? (
        <p id={locateErrorId} role="alert" className="text-sm font-medium text-destructive">
          {locateError}
        </p>
      ) : null}
    </div>
  );
}
