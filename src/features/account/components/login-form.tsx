import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signInInputSchema, useSignIn, type SignInInput } from '@/features/account/api/sign-in';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@/features/account/utils/account-suspended-message';
import { useInBrowser } from '@/hooks/use-in-browser';
import { errorProps, firstError } from '@/lib/first-error';

const order = ['email', 'password'] as const;

type LoginFormProps = {
  /** Rendered beside the password label: the "Forgot password?" dialog trigger. */
  forgotPassword?: ReactNode;
};

/** The Login tab of /auth. Where the user goes next is the page's business (it follows the session). */
export function LoginForm({ forgotPassword }: LoginFormProps) {
  const hydrated = useInBrowser();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const [banned, setBanned] = useState(false);
  const signIn = useSignIn({
    onSuccess: () => toast.success('Welcome back!'),
    onError: (error) => {
      // Auth refuses an account Good Space suspended with the code user_banned (docs/trust-and-safety.md).
      if ((error as Error & { code?: string }).code === 'user_banned') setBanned(true);
      else toast.error('Login failed', { description: error.message });
    },
  });
  const shown = firstError(order, form.formState.errors);

  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, `login-${field}-error`);

  return (
    <form
      noValidate
      aria-label="Login"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setBanned(false);
        signIn.mutate(values);
      })}
    >
      {banned ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm font-medium text-destructive">
          {ACCOUNT_SUSPENDED_MESSAGE}
        </p>
      ) : null}
      <Field>
        <Label htmlFor="login-email">E-mail</Label>
        {/* Read-only until hydrated: react-hook-form resets the fields as it takes them over, so text typed
            into the prerendered HTML would vanish. */}
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          readOnly={!hydrated}
          {...a11y('email')}
          {...form.register('email')}
        />
        <FieldError id="login-email-error">{shown?.field === 'email' && shown.message}</FieldError>
      </Field>
      <Field>
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="login-password">Password</Label>
          {forgotPassword}
        </div>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          readOnly={!hydrated}
          {...a11y('password')}
          {...form.register('password')}
        />
        <FieldError id="login-password-error">{shown?.field === 'password' && shown.message}</FieldError>
      </Field>
      {/* Disabled in the prerendered HTML until hydrated: a press (or Enter, implicit submission needs an enabled
          button) before then would submit natively, the password in the URL. */}
      <Button type="submit" disabled={signIn.isPending || !hydrated}>
        {signIn.isPending ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
