import { useCombobox } from 'downshift';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { usePlaceSearch } from '@/components/place-field/use-place-search';
import { GEOLOCATION_UNSUPPORTED_MESSAGE, formatLatLng, parseLatLng } from '@/lib/geo';
import { nearestPlace } from '@/lib/places/nearest-place';
import { placeKey, type Place, type PlaceValue } from '@/lib/places/place';

export const LOCATION_DENIED_MESSAGE = 'Location access denied. Please type your location.';

export type PlaceFieldOptions = {
  /** The input's id; the label, list and messages take ids from it. */
  id: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  onBlur?: () => void;
  /** The input element, for react-hook-form to focus on an error. */
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  placeholder: string;
  /** The field has a hint below it (it describes the input). */
  hasHint: boolean;
  /** From the form: the field's shown error (errorProps). */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * downshift moves focus to the input from an effect whenever its list is open and focus is elsewhere. That effect
 * runs after the render that opened the list, so a suggestion answer rendered just before the user moved to the
 * next field pulled focus back, and what they typed there went into the location (the places journey caught it:
 * "Brooklyn, NYBrownstones…"). The list only ever opens while the input has focus, so downshift is told that focus
 * is on the input: it never moves focus itself.
 */
function useFocusKeepingEnvironment(id: string) {
  return useMemo(() => {
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
}

/** "Use my location": the device's position named by its nearest city (or, with none near, the position itself). */
function useLocate(onLocated: (value: PlaceValue) => void) {
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  // The answer comes after the device and the database both answered: by then the form may be gone or changed.
  const latest = useRef({ onLocated, mounted: true });
  useEffect(() => {
    latest.current.onLocated = onLocated;
  });
  useEffect(() => {
    const state = latest.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
    };
  }, []);

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
        // The database still places a 'lat,lng' text by its coordinates.
        void nearestPlace(coordinates)
          .catch(() => null)
          .then((place) => {
            if (!latest.current.mounted) return;
            setLocating(false);
            latest.current.onLocated(
              place
                ? { location: place.label, placeId: place.id }
                : { location: formatLatLng(coordinates), placeId: null },
            );
          })
          .catch(() => undefined);
      },
      () => {
        if (!latest.current.mounted) return;
        setLocating(false);
        setLocateError(LOCATION_DENIED_MESSAGE);
      },
      { timeout: 10_000 },
    );
  }

  return { locate, locating, locateError, clearLocateError: () => setLocateError(null) };
}

/**
 * The location field's behaviour (docs/decisions/0024-places.md), for the view in place-field.tsx: the combobox
 * (downshift's useCombobox), the search as one types, the exact-name match, "Use my location" and the notice for
 * text that is no place.
 */
export function usePlaceField({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  placeholder,
  hasHint,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedByForm,
}: PlaceFieldOptions) {
  // What the user typed last (the search's text); a choice, Escape or the device's position end that search.
  const [typed, setTyped] = useState('');
  const [menuWanted, setMenuWanted] = useState(false);
  const [focused, setFocused] = useState(false);
  const { places, searched } = usePlaceSearch(typed);
  const { locate, locating, locateError, clearLocateError } = useLocate((located) => {
    setTyped('');
    onChange(located);
  });

  // Typed exactly as a place is named: it is that place (the database places it the same way).
  const readAnswer = useEffectEvent((query: string, found: Place[]) => {
    const exact = found.find((place) => placeKey(place.label) === placeKey(query));
    if (exact && value.placeId === null && value.location.trim() === query)
      onChange({ location: value.location, placeId: exact.id });
  });
  const answeredQuery = searched?.query;
  useEffect(() => {
    if (answeredQuery !== undefined) readAnswer(answeredQuery, places);
  }, [answeredQuery, places]);

  // Only while the input has focus, checked against the document too: an answer arriving as one moves to the next
  // field (its blur not yet rendered) must not open the list.
  const inputHasFocus = typeof document !== 'undefined' && document.activeElement?.id === id;
  const open = menuWanted && focused && inputHasFocus && places.length > 0;
  const environment = useFocusKeepingEnvironment(id);
  const combobox = useCombobox<Place>({
    items: places,
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
        setTyped('');
        onChange({ location: '', placeId: null });
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setTyped('');
      onChange({ location: selectedItem.label, placeId: selectedItem.id });
    },
  });

  const text = value.location.trim();
  const unplaced = text !== '' && value.placeId === null && parseLatLng(text) === null;
  const searchedNothing = searched !== null && searched.query === text && searched.found === 0;
  const showNotice = unplaced && !open && (searchedNothing || !focused);

  const ids = { hint: `${id}-hint`, notice: `${id}-notice`, locateError: `${id}-locate-error` };
  const describedBy =
    [describedByForm, hasHint ? ids.hint : null, showNotice ? ids.notice : null, locateError ? ids.locateError : null]
      .filter(Boolean)
      .join(' ') || undefined;

  const downshiftInput = combobox.getInputProps({
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
  const inputProps = {
    ...downshiftInput,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = event.currentTarget.value;
      clearLocateError();
      onChange({ location: next, placeId: null });
      setTyped(next);
      downshiftInput.onChange?.(event);
    },
  };

  return {
    ids,
    open,
    places,
    highlightedIndex: combobox.highlightedIndex,
    getLabelProps: combobox.getLabelProps,
    getMenuProps: combobox.getMenuProps,
    getItemProps: combobox.getItemProps,
    inputProps,
    showNotice,
    locate,
    locating,
    locateError,
  };
}
