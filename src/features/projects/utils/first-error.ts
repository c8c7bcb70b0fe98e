import type { FieldErrors, FieldValues } from 'react-hook-form';

/** SPEC §5: only the first validation message is shown. Returns the first failing field, in form order. */
export function firstError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly (keyof T & string)[],
): { field: keyof T & string; message: string } | null {
  for (const field of order) {
    const message = errors[field]?.message;
    if (typeof message === 'string' && message) return { field, message };
  }
  return null;
}
