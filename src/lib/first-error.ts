import type { FieldErrors, FieldValues, Path, UseFormSetFocus } from 'react-hook-form';
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

/**
 * After a failed submit, focus goes to the field whose message is shown: the first invalid field in the form's order.
 * react-hook-form's own choice follows the order fields registered in, and a Controller's field (the location)
 * registers after the plain inputs rendered beside it, so it focused Space size under "Location is required". Use as
 * handleSubmit's second argument, with `shouldFocusError: false` in useForm.
 */
export function focusShownError<T extends FieldValues>(
  order: readonly (keyof T & string)[],
  setFocus: UseFormSetFocus<T>,
): (errors: FieldErrors<T>) => void {
  return (errors) => {
    const shown = firstError(order, errors);
    if (shown) setFocus(shown.field as Path<T>);
  };
}
