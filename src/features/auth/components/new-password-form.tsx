import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  updatePasswordInputSchema,
  useUpdatePassword,
  type UpdatePasswordInput,
} from '@/features/auth/api/update-password';
import { passwordHint, passwordNotices } from '@/features/auth/utils/password-rules';
import { errorProps, firstError } from '@/lib/first-error';

const order = ['password', 'confirmPassword'] as const;

type NewPasswordFormProps = { onUpdated: () => void };

/** The set-new-password screen (reached from the reset link, with its recovery session). */
export function NewPasswordForm({ onUpdated }: NewPasswordFormProps) {
  const form = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordInputSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const update = useUpdatePassword({
    onSuccess: () => {
      toast.success('Password updated!');
      onUpdated();
    },
    onError: (error) => toast.error('Update failed', { description: error.message }),
  });
  const shown = firstError(order, form.formState.errors);

  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, `new-${field}-error`);

  return (
    <form
      noValidate
      aria-label="Set a new password"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(
        (values) => update.mutate(values),
        (errors) => {
          const first = firstError(order, errors);
          const notice = first ? passwordNotices[first.message] : undefined;
          if (first && notice) toast.error(first.message, { description: notice });
        },
      )}
    >
      <Field>
        <Label htmlFor="new-password">New password</Label>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          {...a11y('password')}
          {...form.register('password')}
        />
        <FieldDescription>{passwordHint}</FieldDescription>
        <FieldError id="new-password-error">{shown?.field === 'password' && shown.message}</FieldError>
      </Field>
      <Field>
        <Label htmlFor="new-confirmPassword">Confirm password</Label>
        <Input
          id="new-confirmPassword"
          type="password"
          autoComplete="new-password"
          {...a11y('confirmPassword')}
          {...form.register('confirmPassword')}
        />
        <FieldError id="new-confirmPassword-error">{shown?.field === 'confirmPassword' && shown.message}</FieldError>
      </Field>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Updating…' : 'Update Password'}
      </Button>
    </form>
  );
}
