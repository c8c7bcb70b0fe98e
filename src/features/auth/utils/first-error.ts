import type { FieldErrors, FieldValues } from 'react-hook-form';

/** SPEC §5 "only the first validation message is shown": the first invalid field, in the form's order. */
export function firstError<T extends FieldValues>(
  order: readonly (keyof T & string)[],
  errors: FieldErrors<T>,
): { field: keyof T & string; message: string } | null {
  for (const field of order) {
    const message = errors[field]?.message;
    if (typeof message === 'string') return { field, message };
  }
  return null;
}
