import type { FormEvent, ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormSubmitRow } from '@/components/ui/field';

type CardFormProps = {
  title: ReactNode;
  /** Pass `form.handleSubmit(…)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, laid out in two columns from the small breakpoint up. */
  children: ReactNode;
  errorId: string;
  error: string | undefined;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
};

/**
 * A settings card holding one form (the customer's and the designer's profile): its title, the fields in two
 * columns, then the one shown error and the submit button across both.
 */
export function CardForm({
  title,
  onSubmit,
  children,
  errorId,
  error,
  pending,
  submitLabel,
  pendingLabel,
}: CardFormProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
          {children}
          <FormSubmitRow
            className="sm:col-span-2"
            errorId={errorId}
            error={error}
            pending={pending}
            label={submitLabel}
            pendingLabel={pendingLabel}
          />
        </form>
      </CardContent>
    </Card>
  );
}
