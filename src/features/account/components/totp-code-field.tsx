import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type TotpCodeFieldProps = {
  /** The form's registration of the code field. */
  registration: UseFormRegisterReturn;
  error?: string | null;
  focusOnMount?: boolean;
};

/** The 6-digit code input: numeric keyboard on phones, one-time-code autofill, error linked for screen readers. */
export function TotpCodeField({ registration, error, focusOnMount }: TotpCodeFieldProps) {
  const id = useId();
  return (
    <LabelledField id={id} label="6-digit code">
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the only thing to type on this step
        autoFocus={focusOnMount}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="max-w-40 font-mono tracking-widest"
        {...registration}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </LabelledField>
  );
}
