import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { VerifiedBadge, type VerifiedKind } from '@/components/verified-badge';
import { errorSentence } from '@/features/verification/api/error-sentence';
import { type OwnVerification, useOwnVerification } from '@/features/verification/api/get-own-verification';
import { KIND_LABEL, METHOD_LABEL, type VerificationKind } from '@/features/verification/api/verification-rules';
import { useWithdrawVerification } from '@/features/verification/api/withdraw-verification';
import { VerificationRequestForm } from '@/features/verification/components/verification-request-form';
import { formatDate } from '@/lib/format';

type Request = NonNullable<OwnVerification['request']>;

function verifiedKindOf(value: string | null): VerifiedKind | null {
  return value === 'student' || value === 'pro' ? value : null;
}

function inProgress(request: Request | null): request is Request {
  return request !== null && (request.status === 'awaiting_email' || request.status === 'open');
}

/** What the designer's latest request is waiting for, or how it ended. */
function RequestStatus({ request }: { request: Request }) {
  const badge = KIND_LABEL[request.kind as VerificationKind] ?? request.kind;
  if (request.status === 'awaiting_email') {
    return (
      <p role="status">
        We sent a link to <strong>{request.school_email}</strong>. Open it while signed in to confirm the address
        {request.email_token_expires_at ? ` (it works until ${formatDate(request.email_token_expires_at)})` : ''}.
      </p>
    );
  }
  if (request.status === 'open') {
    return (
      <p role="status">
        Your request for the {badge} badge ({METHOD_LABEL[request.method as keyof typeof METHOD_LABEL]?.toLowerCase()})
        is waiting for a Good Space operator.
      </p>
    );
  }
  if (request.status === 'refused') {
    return (
      <p role="status">
        Your request for the {badge} badge was refused: {request.reason} You can ask again.
      </p>
    );
  }
  return null;
}

/**
 * The designer's verified badge on their profile settings (docs/trust-and-safety.md, "Verified badges"): the badge
 * they hold, the request in progress, asking for one, and withdrawing either.
 */
export function VerificationCard({ userId }: { userId: string }) {
  const own = useOwnVerification(userId);
  const withdraw = useWithdrawVerification(userId);
  const [confirming, setConfirming] = useState(false);

  return (
    <Card role="region" aria-labelledby="verification-title">
      <CardHeader>
        <CardTitle id="verification-title">Verified badge</CardTitle>
        <CardDescription>
          A badge beside your name on your card, your profile and your bids tells customers Good Space checked you are a
          current student or a working professional.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <QueryState query={own} loading="Loading your verification…" failed="Failed to load your verification">
          {({ badge, request }) => {
            const kind = verifiedKindOf(badge);
            const pending = inProgress(request);
            return (
              <>
                {kind ? (
                  <p className="flex flex-wrap items-center gap-2">
                    You have the badge <VerifiedBadge kind={kind} />
                  </p>
                ) : null}
                {request ? <RequestStatus request={request} /> : null}
                {kind !== 'pro' && !pending ? <VerificationRequestForm userId={userId} /> : null}
                {kind || pending ? (
                  <div>
                    <Button variant="outline" onClick={() => setConfirming(true)}>
                      {pending && !kind ? 'Withdraw my request' : 'Withdraw my badge'}
                    </Button>
                  </div>
                ) : null}
                <FormDialog
                  open={confirming}
                  onOpenChange={setConfirming}
                  title={pending && !kind ? 'Withdraw your request?' : 'Withdraw your badge?'}
                  description={
                    kind
                      ? 'The badge leaves your card, profile and bids at once. You can ask for one again later.'
                      : 'Your request and its documents are removed. You can ask again later.'
                  }
                  onSubmit={(event) => {
                    event.preventDefault();
                    withdraw.mutate(pending ? request.document_paths : [], {
                      onSuccess: () => {
                        setConfirming(false);
                        toast.success('Withdrawn');
                      },
                      onError: (error) => toast.error(errorSentence(error, 'Failed to withdraw. Please try again.')),
                    });
                  }}
                  pending={withdraw.isPending}
                  submitLabel="Withdraw"
                  pendingLabel="Withdrawing…"
                  submitVariant="destructive"
                />
              </>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
