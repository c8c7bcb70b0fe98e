import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { totpCodeSchema, useFactors, useVerifyTotp } from '@/features/mfa/api/mfa-factors';
import { TotpCodeField } from '@/features/mfa/components/totp-code-field';

type MfaChallengeFormProps = {
  userId: string;
  /** After the code is accepted (the session is now aal2). */
  onVerified: () => void;
  onSignOut: () => void;
};

/** The second sign-in step: a code from the user's verified authenticator. */
export function MfaChallengeForm({ userId, onVerified, onSignOut }: MfaChallengeFormProps) {
  const factors = useFactors(userId);
  const verify = useVerifyTotp(userId, {
    onError: (error) => {
      console.error('Error verifying code', error);
      toast.error('Invalid code. Please try again.');
    },
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const factor = (factors.data ?? []).find((f) => f.status === 'verified' && f.factor_type === 'totp');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!factor) return;
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid code');
      return;
    }
    setError(null);
    verify.mutate(
      { factorId: factor.id, code: parsed.data },
      { onSuccess: onVerified, onError: () => setError('That code is not valid. Try the current one.') },
    );
  }

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <CardTitle>Enter your authentication code</CardTitle>
        <CardDescription>
          Your account is protected with two-factor authentication. Open your authenticator app
          {factor?.friendly_name ? ` (${factor.friendly_name})` : ''} and enter the 6-digit code.
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate>
        <CardContent>
          {factors.isPending ? (
            <Spinner label="Loading…" />
          ) : !factor ? (
            <p role="alert" className="text-sm text-destructive">
              No authenticator was found for your account. Sign out and try again.
            </p>
          ) : (
            <TotpCodeField value={code} onChange={setCode} error={error} focusOnMount />
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
