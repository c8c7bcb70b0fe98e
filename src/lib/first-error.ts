import type { FieldErrors, FieldValues } from 'react-hook-form';

export type ShownError<Name extends string = string> = { field: Name; message: string };

/** SPEC §5 "only the first validation message is shown": the first invalid field, in the form's order. */
export function firstError<T extends FieldValues>(
  order: readonly (keyof T & string)[],
  errors: FieldErrors<T>,
): ShownError<keyof T & string> | null {
  for (const field of order) {
    const message = errors[field]?.message;
    if (typeof message === 'string' && message) return { field, message };
  }
  return null;
}

/** aria-invalid and aria-describedby for one control: set only on the field whose message is shown. */
export function errorProps(shown: ShownError | null, field: string, errorId: string) {
  const invalid = shown?.field === field;
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? errorId : undefined,
  } as const;
}
