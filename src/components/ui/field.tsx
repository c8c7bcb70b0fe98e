import { Button } from '@/components/ui/button';
import type * as React from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A label, its control, an optional hint and an optional error, stacked (shadcn "Field", without the registry). */
function Field({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('flex flex-col gap-2', className)} {...props} />;
}

function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="field-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The field's error, announced when it appears; link it to the control with aria-describedby. */
function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p
      role="alert"
      data-slot="field-error"
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {children}
    </p>
  );
}

/**
 * The common case of Field: a label for the control with id `id`, the control (children), and an optional short
 * hint under it. Forms whose label row holds more (a link, a counter) compose Field themselves.
 */
function LabelledField({
  id,
  label,
  hint,
  children,
  ...props
}: Omit<React.ComponentProps<'div'>, 'id'> & { id: string; label: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <Field {...props}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <FieldDescription className="text-xs">{hint}</FieldDescription> : null}
    </Field>
  );
}

export { Field, FieldDescription, FieldError, FormSubmitRow, LabelledField };

/**
 * The end of a single-column form: its one shown error (linked from the failing control by `errorId`) above the
 * submit button, which says `pendingLabel` and is disabled while the submission runs.
 */
function FormSubmitRow({
  errorId,
  error,
  pending,
  label,
  pendingLabel,
  className,
}: {
  errorId: string;
  error: string | undefined;
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <FieldError id={errorId}>{error}</FieldError>
      <Button type="submit" className="w-fit" disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
