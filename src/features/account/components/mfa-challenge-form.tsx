import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { totpCodeSchema, useFactors, useVerifyTotp } from '@/features/account/api/mfa-factors';
import { TotpCodeField } from '@/features/account/components/totp-code-field';

const codeFormSchema = z.object({ code: totpCodeSchema });

type MfaChallengeFormProps = {
  userId: string;
  /** After the code is accepted (the session is now aal2). */
  onVerified: () => void;
  onSignOut: () => void;
};

/** The second sign-in step: a code from the user's verified authenticator. */
export function MfaChallengeForm({ userId, onVerified, onSignOut }: MfaChallengeFormProps) {
  const factors = useFactors(userId);
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const verify = useVerifyTotp(userId, {
    onSuccess: onVerified,
    onError: (error) => {
      console.error('Error verifying code', error);
      toast.error('Invalid code. Please try again.');
      form.setError('code', { message: 'That code is not valid. Try the current one.' });
    },
  });
  const factor = (factors.data ?? []).find((f) => f.status === 'verified' && f.factor_type === 'totp');

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <CardTitle>Enter your authentication code</CardTitle>
        <CardDescription>
          Your account is protected with two-factor authentication. Open your authenticator app
          {factor?.friendly_name ? ` (${factor.friendly_name})` : ''} and enter the 6-digit code.
        </CardDescription>
      </CardHeader>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ code }) => {
          if (factor) verify.mutate({ factorId: factor.id, code });
        })}
      >
        <CardContent>
          {factors.isPending ? (
            <Spinner label="Loading…" />
          ) : factor ? (
            <TotpCodeField
              registration={form.register('code')}
              error={form.formState.errors.code?.message}
              focusOnMount
            />
          ) : (
            // Also when the factors could not be read: there is nothing to check a code against.
            <p role="alert" className="text-sm text-destructive">
              No authenticator was found for your account. Sign out and try again.
            </p>
          )}
        </CardContent>
        <CardFooter className="mt-6 flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={onSignOut}>
            Sign out
          </Button>
          <Button type="submit" disabled={!factor || verify.isPending} aria-busy={verify.isPending}>
            Verify
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
