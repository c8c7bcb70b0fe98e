import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSendReauthenticationCode } from '@/features/account/api/send-reauthentication-code';
import {
  authErrorCode,
  REAUTHENTICATION_NEEDED,
  REAUTHENTICATION_NOT_VALID,
  reauthenticationCodeSchema,
  updatePasswordInputSchema,
  useUpdatePassword,
  type UpdatePasswordInput,
} from '@/features/account/api/update-password';
import { passwordHint, passwordNotices } from '@/features/account/utils/password-rules';
import { errorProps, firstError, type ShownError } from '@/lib/first-error';

const order = ['password', 'confirmPassword'] as const;

type NewPasswordFormProps = {
  /** The signed-in user's address, where a code is sent when one is needed. */
  email: string | undefined;
  onUpdated: () => void;
};

/**
 * The set-new-password screen: reached from the reset link (its recovery session is fresh), or by a signed-in
 * user. On a sign-in older than a day the auth server asks for a code it mails (secure_password_change, ADR
 * 0030): the form then sends one and asks for it before the password changes (docs/product.md, Accounts).
 */
export function NewPasswordForm({ email, onUpdated }: NewPasswordFormProps) {
  // The new password, kept while the code is asked for: the second step sends it again with the code.
  const [awaitingCode, setAwaitingCode] = useState<string | null>(null);
  const form = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordInputSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const sendCode = useSendReauthenticationCode({
    onError: (error) => toast.error('Could not send the code', { description: error.message }),
  });
  const update = useUpdatePassword({
    onSuccess: () => {
      toast.success('Password updated!');
      onUpdated();
    },
    onError: (error) => {
      if (authErrorCode(error) === REAUTHENTICATION_NEEDED) {
        setAwaitingCode(form.getValues('password'));
        sendCode.mutate();
        return;
      }
      toast.error('Update failed', { description: error.message });
    },
  });
  const shown = firstError(order, form.formState.errors);

  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, `new-${field}-error`);

  if (awaitingCode !== null)
    return (
      <ReauthenticationStep
        password={awaitingCode}
        email={email}
        sending={sendCode.isPending}
        onResend={() => sendCode.mutate()}
        onUpdated={onUpdated}
        onBack={() => setAwaitingCode(null)}
      />
    );

  return (
    <form
      noValidate
      aria-label="Set a new password"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(
        (values) => update.mutate({ password: values.password }),
        (errors) => {
          const first = firstError(order, errors);
          const notice = first ? passwordNotices[first.message] : undefined;
          if (first && notice) toast.error(first.message, { description: notice });
        },
      )}
    >
      <PasswordField
        field="password"
        label="New password"
        hint={passwordHint}
        error={shown}
        {...a11y('password')}
        {...form.register('password')}
      />
      <PasswordField
        field="confirmPassword"
        label="Confirm password"
        error={shown}
        {...a11y('confirmPassword')}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Updating…' : 'Update Password'}
      </Button>
    </form>
  );
}

type PasswordFieldProps = ComponentProps<typeof Input> & {
  field: (typeof order)[number];
  label: string;
  hint?: string;
  error: ShownError | null;
};

/** One of the two new-password inputs: its label, an optional hint, and its message when it is the one shown. */
function PasswordField({ field, label, hint, error, ...props }: PasswordFieldProps) {
  return (
    <Field>
      <Label htmlFor={`new-${field}`}>{label}</Label>
      <Input id={`new-${field}`} type="password" autoComplete="new-password" {...props} />
      {hint ? <FieldDescription>{hint}</FieldDescription> : null}
      <FieldError id={`new-${field}-error`}>{error?.field === field && error.message}</FieldError>
    </Field>
  );
}

const codeFormSchema = z.object({ code: reauthenticationCodeSchema });

type ReauthenticationStepProps = {
  password: string;
  email: string | undefined;
  sending: boolean;
  onResend: () => void;
  onUpdated: () => void;
  onBack: () => void;
};

/** "Enter the code we sent to you@…": the password goes again, with the code as the nonce. */
function ReauthenticationStep({ password, email, sending, onResend, onUpdated, onBack }: ReauthenticationStepProps) {
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const update = useUpdatePassword({
    onSuccess: () => {
      toast.success('Password updated!');
      onUpdated();
    },
    onError: (error) => {
      if (authErrorCode(error) === REAUTHENTICATION_NOT_VALID) {
        form.setError('code', {
          message: 'That code is wrong or has expired. Check the e-mail, or send a new code.',
        });
        return;
      }
      // Anything else (e.g. the same password as before) is about the password: back to it. The code is
      // spent either way (the auth server takes it before it checks the password).
      toast.error('Update failed', { description: error.message });
      onBack();
    },
  });
  const error = form.formState.errors.code?.message;

  return (
    <form
      noValidate
      aria-label="Confirm it's you"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ code }) => update.mutate({ password, nonce: code }))}
    >
      <p className="text-sm">
        You signed in more than a day ago. To change your password, confirm it's you: enter the code we sent to{' '}
        <span className="font-medium">{email ?? 'your e-mail address'}</span>.
      </p>
      <Field>
        <Label htmlFor="reauthentication-code">Code from the e-mail</Label>
        <Input
          id="reauthentication-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step appears after a submit; the code is all it asks
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reauthentication-code-error' : 'reauthentication-code-hint'}
          className="max-w-40 font-mono tracking-widest"
          {...form.register('code')}
        />
        <FieldDescription id="reauthentication-code-hint">
          {sending ? 'Sending the code…' : 'The code has 6 digits and works for an hour.'}
        </FieldDescription>
        <FieldError id="reauthentication-code-error">{error}</FieldError>
      </Field>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Updating…' : 'Confirm and update password'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button type="button" variant="outline" disabled={sending} onClick={onResend}>
          Send a new code
        </Button>
      </div>
    </form>
  );
}
