import { useId } from 'react';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type TotpCodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  focusOnMount?: boolean;
};

/** The 6-digit code input: numeric keyboard on phones, one-time-code autofill, error linked for screen readers. */
export function TotpCodeField({ value, onChange, error, focusOnMount }: TotpCodeFieldProps) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>6-digit code</Label>
      <Input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the only thing to type on this step
        autoFocus={focusOnMount}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="max-w-40 font-mono tracking-widest"
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </Field>
  );
}
