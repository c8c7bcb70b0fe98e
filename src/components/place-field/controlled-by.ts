import type { Ref } from 'react';
import type { PlaceValue } from '@/lib/places/place';

/**
 * The field's value, change, blur and focus wiring from react-hook-form's `Controller`:
 * `<Controller render={({ field }) => <PlaceField id=… label=… {...controlledBy(field)} />} />`.
 */
export function controlledBy(field: {
  name: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
}) {
  return { name: field.name, value: field.value, onChange: field.onChange, onBlur: field.onBlur, inputRef: field.ref };
}
