import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';

export type ShownError<Name extends string = string> = { field: Name; message: string };

/**
 * Only the first validation message of a form is shown (docs/product.md, Messages the user sees): the first
 * invalid field, in the form's order.
 */
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

/**
 * The same for a form that keeps its own state instead of react-hook-form (the two on the project page's first
 * paint, ADR 0023): the first field of `order` that a failed parse of its schema names.
 */
export function firstIssue<Name extends string>(order: readonly Name[], error: z.ZodError): ShownError<Name> | null {
  for (const field of order) {
    const issue = error.issues.find((i) => i.path[0] === field);
    if (issue) return { field, message: issue.message };
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
