import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { controlledBy } from '@/components/place-field/controlled-by';
import { PlaceField } from '@/components/place-field/place-field';
import type { PlaceValue } from '@/lib/places/place';

type LocationFieldProps<T extends FieldValues, Output> = Omit<
  ComponentProps<typeof PlaceField>,
  'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name'
> & {
  control: Control<T, unknown, Output>;
  /** The form's field holding a place (its text and the chosen place: `@/lib/places/place-schema`). */
  name: FieldPathByValue<T, PlaceValue>;
};

/**
 * The location field of a react-hook-form form: PlaceField wired to the form's field. The sign-up, profile, moving
 * and new-project forms all ask for a place this way.
 */
export function LocationField<T extends FieldValues, Output = T>({
  control,
  name,
  ...props
}: LocationFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <PlaceField {...props} {...controlledBy(field)} />}
    />
  );
}
