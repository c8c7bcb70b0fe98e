import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  enrollInputSchema,
  totpCodeSchema,
  useEnrollTotp,
  useFactors,
  useUnenrollFactor,
  useVerifyTotp,
  type TotpEnrollment,
} from '@/features/account/api/mfa-factors';
import { TotpCodeField } from '@/features/account/components/totp-code-field';

const codeFormSchema = z.object({ code: totpCodeSchema });

/** Settings: turn on TOTP two-factor sign-in (QR code + secret, confirm with a code), list and remove factors. */
export function TwoFactorCard({ userId }: { userId: string }) {
  const factors = useFactors(userId);
  const enroll = useEnrollTotp(userId, {
    onError: (error) => {
      console.error('Error enrolling authenticator', error);
      toast.error('Failed to set up two-factor authentication', { description: error.message });
    },
  });
  const unenroll = useUnenrollFactor(userId, {
    onSuccess: () => toast.success('Authenticator removed'),
    onError: (error) => {
      console.error('Error removing authenticator', error);
      toast.error('Failed to remove authenticator', { description: error.message });
    },
  });
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const nameForm = useForm<z.input<typeof enrollInputSchema>, unknown, z.output<typeof enrollInputSchema>>({
    resolver: zodResolver(enrollInputSchema),
    defaultValues: { friendlyName: 'Authenticator app' },
  });
  const nameError = nameForm.formState.errors.friendlyName?.message;
  const nameId = useId();
  const verified = (factors.data ?? []).filter((factor) => factor.status === 'verified');

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="two-factor-title">Two-factor authentication</CardTitle>
          {factors.isSuccess ? (
            verified.length > 0 ? (
              <Badge variant="secondary">On</Badge>
            ) : (
              <Badge variant="outline">Off</Badge>
            )
          ) : null}
        </div>
        <CardDescription>
          Ask for a code from an authenticator app (such as Google Authenticator, 1Password or Authy) at every sign-in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState
          query={factors}
          loading="Loading your authenticators…"
          failed="Failed to load your authenticators."
          toast={false}
        >
          {() =>
            verified.length > 0 ? (
              <ul aria-label="Authenticators" className="divide-y rounded-md border">
                {verified.map((factor) => (
                  <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <div>
                      <p className="font-medium">{factor.friendly_name || 'Authenticator app'}</p>
                      <p className="text-sm text-muted-foreground">
                        Added {new Date(factor.created_at).toLocaleDateString()}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={unenroll.isPending}
                      aria-label={`Remove ${factor.friendly_name || 'authenticator app'}`}
                      onClick={() => unenroll.mutate(factor.id)}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null
          }
        </QueryState>

        {enrollment ? (
          <EnrollmentStep
            userId={userId}
            enrollment={enrollment}
            onDone={() => setEnrollment(null)}
            onCancel={() => {
              unenroll.mutate(enrollment.factorId);
              setEnrollment(null);
            }}
          />
        ) : factors.isSuccess && verified.length === 0 ? (
          <form
            onSubmit={nameForm.handleSubmit(({ friendlyName }) =>
              enroll.mutate(friendlyName, { onSuccess: setEnrollment }),
            )}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            noValidate
          >
            <LabelledField id={nameId} label="Authenticator name" className="flex-1">
              <Input
                id={nameId}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${nameId}-error` : undefined}
                {...nameForm.register('friendlyName')}
              />
              <FieldError id={`${nameId}-error`}>{nameError}</FieldError>
            </LabelledField>
            <Button type="submit" disabled={enroll.isPending} aria-busy={enroll.isPending}>
              Set up authenticator
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}

function EnrollmentStep({
  userId,
  enrollment,
  onDone,
  onCancel,
}: {
  userId: string;
  enrollment: TotpEnrollment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifyTotp(userId, {
    onSuccess: () => toast.success('Two-factor authentication is on'),
    onError: (error) => {
      console.error('Error verifying code', error);
      toast.error('Invalid code. Please try again.');
    },
  });
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  return (
    <section aria-labelledby="enroll-title" className="space-y-4 rounded-md border p-4">
      <h3 id="enroll-title" className="font-semibold">
        Scan this QR code with your authenticator app
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={enrollment.qrCode}
          alt="QR code to add Good Space to your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-md border bg-white p-2"
        />
        <div className="min-w-0 space-y-2 text-sm">
          <p>Can&apos;t scan it? Enter this secret key in the app instead:</p>
          <code data-testid="totp-secret" className="block rounded bg-muted px-2 py-1 font-mono break-all">
            {enrollment.secret}
          </code>
        </div>
      </div>
      <form
        onSubmit={form.handleSubmit(({ code }) =>
          verify.mutate({ factorId: enrollment.factorId, code }, { onSuccess: onDone }),
        )}
        className="space-y-3"
        noValidate
      >
        <TotpCodeField registration={form.register('code')} error={form.formState.errors.code?.message} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={verify.isPending} aria-busy={verify.isPending}>
            Verify and turn on
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
