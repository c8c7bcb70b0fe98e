import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  signUpFieldOrder,
  signUpInputSchema,
  useSignUp,
  type SignUpInput,
  type SignUpRequest,
} from '@/features/account/api/sign-up';
import { passwordHint, passwordNotices } from '@/features/account/utils/password-rules';
import { errorProps, firstError } from '@/lib/first-error';
import { clearPendingProfile, readPendingProfile } from '@/lib/pending-profile';
import { cn } from '@/lib/utils';

type SignUpFormProps = {
  /** From `?role=`: the landing form the visitor came from. */
  defaultRole?: SignUpInput['role'];
  /** Absolute URL of the site root, where the confirmation link leads. */
  redirectTo: string;
};

const roles = [
  { value: 'customer', label: 'Customer', hint: 'I want a designer for my space' },
  { value: 'designer', label: 'Designer', hint: 'I design spaces for clients' },
] as const;

/** The Sign Up tab of /auth; sends the landing form of the chosen role along (ADR 0002). */
export function SignUpForm({ defaultRole, redirectTo }: SignUpFormProps) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { full_name: '', username: '', email: '', password: '', role: defaultRole },
  });
  const signUp = useSignUp({
    onSuccess: (request) => {
      // The database now holds the pending profile (ADR 0002): the local copy has done its job.
      if (request.pendingProfile) clearPendingProfile(request.role);
      form.reset({ full_name: '', username: '', email: '', password: '', role: request.role });
      toast.success('Check your email!', {
        description: `We sent a confirmation link to ${request.email}. Open it to activate your account.`,
        duration: 10_000,
      });
    },
    onError: (error, request) => {
      // On error the pending profile stays for the next try, and the failure is logged.
      if (request.pendingProfile) console.error(`Error saving ${request.role} profile`, error);
      toast.error('Signup failed', { description: error.message });
    },
  });
  const shown = firstError(signUpFieldOrder, form.formState.errors);
  const role = useWatch({ control: form.control, name: 'role' });

  function submit(values: SignUpInput) {
    const request: SignUpRequest = { ...values, pendingProfile: readPendingProfile(values.role), redirectTo };
    signUp.mutate(request);
  }

  const a11y = (field: (typeof signUpFieldOrder)[number]) => {
    const props = errorProps(shown, field, `signup-${field}-error`);
    // The password's rules stay described whether or not its message shows.
    const hint = field === 'password' ? 'signup-password-hint' : undefined;
    return { ...props, 'aria-describedby': cn(props['aria-describedby'], hint) || undefined };
  };
  const error = (field: (typeof signUpFieldOrder)[number]) => (
    <FieldError id={`signup-${field}-error`}>{shown?.field === field && shown.message}</FieldError>
  );

  return (
    <form
      noValidate
      aria-label="Sign Up"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(submit, (errors) => {
        const first = firstError(signUpFieldOrder, errors);
        const notice = first ? passwordNotices[first.message] : undefined;
        if (first && notice) toast.error(first.message, { description: notice });
      })}
    >
      <Field>
        <Label htmlFor="signup-full_name">Full name</Label>
        <Input id="signup-full_name" autoComplete="name" {...a11y('full_name')} {...form.register('full_name')} />
        {error('full_name')}
      </Field>
      <Field>
        <Label htmlFor="signup-username">Username</Label>
        <Input id="signup-username" autoComplete="username" {...a11y('username')} {...form.register('username')} />
        {error('username')}
      </Field>
      <Field>
        <Label htmlFor="signup-email">E-mail</Label>
        <Input id="signup-email" type="email" autoComplete="email" {...a11y('email')} {...form.register('email')} />
        {error('email')}
      </Field>
      <Field>
        <Label htmlFor="signup-password">Password</Label>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          {...a11y('password')}
          {...form.register('password')}
        />
        <FieldDescription id="signup-password-hint">{passwordHint}</FieldDescription>
        {error('password')}
      </Field>
      <fieldset className="flex flex-col gap-2" {...errorProps(shown, 'role', 'signup-role-error')}>
        <legend className="mb-2 text-sm font-medium">I am a</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {roles.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                role === option.value && 'border-primary bg-accent',
              )}
            >
              <input type="radio" value={option.value} className="mt-1 accent-primary" {...form.register('role')} />
              <span className="flex flex-col">
                <span className="font-medium">{option.label}</span>
                <span className="text-sm text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {error('role')}
      </fieldset>
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Sign Up'}
      </Button>
    </form>
  );
}
