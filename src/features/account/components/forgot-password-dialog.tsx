import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { resetPasswordInputSchema, useResetPassword } from '@/features/account/api/reset-password';
import { useInBrowser } from '@/hooks/use-in-browser';

type ForgotPasswordDialogProps = {
  /** Absolute URL of the set-new-password screen (/auth?reset=true). */
  redirectTo: string;
  triggerLabel?: string;
};

/** 'Forgot password?': asks for the e-mail and sends the reset link. */
export function ForgotPasswordDialog({ redirectTo, triggerLabel = 'Forgot password?' }: ForgotPasswordDialogProps) {
  const hydrated = useInBrowser();
  const [open, setOpen] = useState(false);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success('Check your email!', { description: 'We sent you a link to set a new password.' });
      setOpen(false);
      form.reset();
    },
    onError: (error) => toast.error('Reset failed', { description: error.message }),
  });
  const message = form.formState.errors.email?.message;

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        // Inert in the prerendered /auth until hydrated: disabled rather than a press that does nothing.
        <Button variant="link" className="h-auto p-0" disabled={!hydrated}>
          {triggerLabel}
        </Button>
      }
      title="Reset your password"
      description="Enter your account's e-mail and we'll send you a link to set a new one."
      formClassName="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => reset.mutate({ ...values, redirectTo }))}
      pending={reset.isPending}
      cancelLabel={null}
      submitLabel="Send reset link"
      pendingLabel="Sending…"
    >
      <Field>
        <Label htmlFor="reset-email">E-mail</Label>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'reset-email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="reset-email-error">{message}</FieldError>
      </Field>
    </FormDialog>
  );
}
