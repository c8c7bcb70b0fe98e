import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { useConfirmMilestone } from '@/features/milestones/api/confirm-milestone';
import { useFundMilestone } from '@/features/milestones/api/fund-milestone';
import { useProjectMilestones, type ProjectMilestones } from '@/features/milestones/api/get-project-milestones';
import { disputeReasonSchema, useOpenMilestoneDispute } from '@/features/milestones/api/open-milestone-dispute';
import { useRefundMilestone } from '@/features/milestones/api/refund-milestone';
import { useReleaseMilestone } from '@/features/milestones/api/release-milestone';
import { useRequestMilestoneCancel } from '@/features/milestones/api/request-milestone-cancel';
import { changesNoteSchema, useRequestMilestoneChanges } from '@/features/milestones/api/request-milestone-changes';
import { submitMilestoneSchema, useSubmitMilestone } from '@/features/milestones/api/submit-milestone';
import { disputeStatementSchema, useAddDisputeStatement } from '@/features/milestones/api/add-dispute-statement';
import { MilestoneItem, type MilestoneAction } from '@/features/milestones/components/milestone-item';
import { MilestonePaymentsList } from '@/features/milestones/components/milestone-payments-list';
import { useMilestonesRealtime } from '@/features/milestones/hooks/use-milestones-realtime';
import {
  cents,
  heldAmount,
  milestoneActions,
  nextFundable,
  type Milestone,
  type Viewer,
} from '@/features/milestones/utils/milestone-state';
import { refusalMessage } from '@/lib/refusal-message';
import { formatMoney } from '@/lib/format';
import { pageNavigation } from '@/lib/page-navigation';

const NoteDialog = lazy(() =>
  import('@/features/milestones/components/milestone-dialogs').then((m) => ({ default: m.NoteDialog })),
);
const ConfirmDialog = lazy(() =>
  import('@/features/milestones/components/milestone-dialogs').then((m) => ({ default: m.ConfirmDialog })),
);
const RefundDialog = lazy(() =>
  import('@/features/milestones/components/milestone-dialogs').then((m) => ({ default: m.RefundDialog })),
);

/** The words of a checkout that cannot start (docs/product.md, Messages the user sees). */
export const CHECKOUT_FAILED = 'Failed to submit. Please try again.';

type MilestonesCardProps = {
  projectId: string;
  projectTitle: string;
  projectActive: boolean;
  userId: string;
  viewer: Viewer;
  /** Back from the payment page (`?funded=<payment id>`): asks the provider about that payment until it is funded. */
  fundedPaymentId: string | null;
};

function Totals({ milestones }: { milestones: readonly Milestone[] }) {
  const sum = (pick: (m: Milestone) => number) => milestones.reduce((total, m) => total + cents(pick(m)), 0) / 100;
  const fee = sum((m) => m.amount);
  const figures = [
    { label: 'Design fee', value: fee },
    { label: 'Held by Good Space', value: sum(heldAmount) },
    { label: 'Released', value: sum((m) => m.released_amount) },
    { label: 'Refunded', value: sum((m) => m.refunded_amount) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="design-fee-totals">
      {figures.map((figure) => (
        <div key={figure.label}>
          <dt className="text-muted-foreground">{figure.label}</dt>
          <dd className="font-semibold">{formatMoney(figure.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

type Open = { action: MilestoneAction; milestone: Milestone } | null;

/**
 * The project's milestones (docs/milestones.md), section `#milestones` of the project page: the design fee apart
 * from the furnishing budget, each milestone with its state and money and the steps the viewer may take, the
 * disputes, and the payments with the customer's receipts. Live for both parties. A customer back from the payment
 * page has the payment confirmed with the provider at once, then every few seconds for about a minute.
 */
export function MilestonesCard({
  projectId,
  projectTitle,
  projectActive,
  userId,
  viewer,
  fundedPaymentId,
}: MilestonesCardProps) {
  const query = useProjectMilestones(projectId);
  useMilestonesRealtime(projectId, { enabled: query.isSuccess });
  const [open, setOpen] = useState<Open>(null);
  // A notification's link (/project/<id>#milestones) lands here once the milestones are on the page.
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded && hash === '#milestones') document.getElementById('milestones')?.scrollIntoView?.();
  }, [loaded, hash]);
  const close = () => setOpen(null);

  const confirming = useConfirmMilestone(projectId, fundedPaymentId ?? '', {
    enabled: viewer === 'customer' && fundedPaymentId !== null,
  });

  const fund = useFundMilestone(projectId, {
    onSuccess: ({ url }) => pageNavigation.open(url),
    onError: (error) => {
      const why = refusalMessage(error, '');
      toast.error(CHECKOUT_FAILED, why ? { description: why } : undefined);
      void query.refetch();
    },
  });
  const done = (message: string) => () => {
    toast.success(message);
    close();
  };
  const failed = (fallback: string) => (error: Error) => toast.error(refusalMessage(error, fallback));
  const release = useReleaseMilestone(projectId, {
    onSuccess: done('Payment released to the designer'),
    onError: failed('Failed to release payment'),
  });
  const changes = useRequestMilestoneChanges(projectId, {
    onSuccess: done('Changes requested'),
    onError: failed('Failed to request changes'),
  });
  const cancel = useRequestMilestoneCancel(projectId, {
    onSuccess: done('You asked to cancel. The designer can agree by refunding it.'),
    onError: failed('Failed to ask to cancel'),
  });
  const submit = useSubmitMilestone(projectId, {
    onSuccess: done('Milestone submitted'),
    onError: failed('Failed to submit milestone'),
  });
  const refund = useRefundMilestone(projectId, {
    onSuccess: (_, input) =>
      done(input.reason === 'cancel_agreed' ? 'Milestone cancelled and refunded' : 'Refund sent to the customer')(),
    onError: failed('Failed to refund'),
  });
  const dispute = useOpenMilestoneDispute(projectId, {
    onSuccess: done('Dispute opened. Good Space will decide.'),
    onError: failed('Failed to open dispute'),
  });
  const statement = useAddDisputeStatement(projectId, {
    onSuccess: done('Statement added'),
    onError: failed('Failed to add statement'),
  });

  const onAction = (milestone: Milestone) => (action: MilestoneAction) => {
    if (action === 'fund') fund.mutate(milestone.id);
    else setOpen({ action, milestone });
  };

  const dialogs = (data: ProjectMilestones) => {
    if (!open) return null;
    const { action, milestone } = open;
    const dialogOpen = { open: true, onOpenChange: (next: boolean) => (next ? undefined : close()) };
    const held = heldAmount(milestone);
    const openDispute = data.disputes.findLast((d) => d.milestone_id === milestone.id && d.status === 'open');
    switch (action) {
      case 'release':
        return (
          <ConfirmDialog
            {...dialogOpen}
            pending={release.isPending}
            title={`Release “${milestone.title}”?`}
            description={`${formatMoney(held)} goes to the designer. This cannot be undone.`}
            submitLabel="Release payment"
            pendingLabel="Releasing…"
            onConfirm={() => release.mutate(milestone.id)}
          />
        );
      case 'askToCancel':
        return (
          <ConfirmDialog
            {...dialogOpen}
            pending={cancel.isPending}
            title={`Ask to cancel “${milestone.title}”?`}
            description="The designer is asked to agree. If they do, the whole payment is refunded to your card."
            submitLabel="Ask to cancel"
            pendingLabel="Asking…"
            onConfirm={() => cancel.mutate(milestone.id)}
          />
        );
      case 'agreeToCancel':
        return (
          <ConfirmDialog
            {...dialogOpen}
            pending={refund.isPending}
            destructive
            title={`Agree to cancel “${milestone.title}”?`}
            description={`${formatMoney(held)} is refunded to the customer and the milestone ends.`}
            submitLabel="Agree to cancel"
            pendingLabel="Refunding…"
            onConfirm={() => refund.mutate({ milestoneId: milestone.id, amount: held, reason: 'cancel_agreed' })}
          />
        );
      case 'refund':
        return (
          <RefundDialog
            {...dialogOpen}
            pending={refund.isPending}
            title={milestone.title}
            held={held}
            onSubmit={(amount) => refund.mutate({ milestoneId: milestone.id, amount, reason: 'designer_refund' })}
          />
        );
      case 'requestChanges':
        return (
          <NoteDialog
            {...dialogOpen}
            pending={changes.isPending}
            title={`Request changes to “${milestone.title}”`}
            description="Tell the designer what should change. The automatic release stops until they submit again."
            label="What should change"
            textSchema={changesNoteSchema.shape.note}
            withPhotos={false}
            submitLabel="Request changes"
            pendingLabel="Sending…"
            onSubmit={({ text }) => changes.mutate({ milestoneId: milestone.id, note: text })}
          />
        );
      case 'submit':
        return (
          <NoteDialog
            {...dialogOpen}
            pending={submit.isPending}
            title={`Submit “${milestone.title}”`}
            description="Tell the customer what you delivered, with photos. They release the payment or ask for changes; without an answer it is released to you in 14 days."
            label="What you delivered"
            textSchema={submitMilestoneSchema.shape.note}
            withPhotos
            submitLabel="Submit milestone"
            pendingLabel="Submitting…"
            onSubmit={({ text, photos }) => submit.mutate({ milestoneId: milestone.id, note: text, photos })}
          />
        );
      case 'openDispute':
        return (
          <NoteDialog
            {...dialogOpen}
            pending={dispute.isPending}
            title={`Open a dispute about “${milestone.title}”`}
            description="Good Space holds the money while both of you add a statement (5 days), then decides how it is split."
            label="Why you open a dispute"
            textSchema={disputeReasonSchema.shape.reason}
            withPhotos={false}
            submitLabel="Open dispute"
            pendingLabel="Opening…"
            onSubmit={({ text }) => dispute.mutate({ milestoneId: milestone.id, reason: text })}
          />
        );
      case 'addStatement':
        return openDispute ? (
          <NoteDialog
            {...dialogOpen}
            pending={statement.isPending}
            title="Add your statement"
            description="Say what happened, with photos. You can add one statement; Good Space reads both before deciding."
            label="Your statement"
            textSchema={disputeStatementSchema.shape.body}
            withPhotos
            submitLabel="Add statement"
            pendingLabel="Adding…"
            onSubmit={({ text, photos }) => statement.mutate({ disputeId: openDispute.id, body: text, photos })}
          />
        ) : null;
      default:
        return null;
    }
  };

  return (
    <Card id="milestones" role="region" aria-labelledby="milestones-title" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="milestones-title">Milestones</CardTitle>
        <CardDescription>
          The design fee is paid through milestones, apart from the furnishing budget. Good Space holds each payment
          until {viewer === 'customer' ? 'you release it' : 'the customer releases it'}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {confirming.isFetching && confirming.data?.status !== 'funded' ? (
          <p role="status" className="text-sm">
            Confirming your payment…
          </p>
        ) : null}
        <QueryState query={query} loading="Loading milestones…" failed="Failed to load milestones" toast={false}>
          {(data) => {
            if (data.milestones.length === 0) {
              return <p className="text-sm text-muted-foreground">The milestones appear once a bid is accepted.</p>;
            }
            const fundable = nextFundable(data.milestones);
            return (
              <>
                <Totals milestones={data.milestones} />
                <div className="space-y-3">
                  {data.milestones.map((milestone) => (
                    <MilestoneItem
                      key={milestone.id}
                      milestone={milestone}
                      dispute={data.disputes.findLast((d) => d.milestone_id === milestone.id) ?? null}
                      actions={milestoneActions(milestone, {
                        viewer,
                        fundable: fundable?.id === milestone.id,
                        projectActive,
                      })}
                      viewer={viewer}
                      userId={userId}
                      now={query.dataUpdatedAt}
                      funding={(fund.isPending || fund.isSuccess) && fund.variables === milestone.id}
                      onAction={onAction(milestone)}
                    />
                  ))}
                </div>
                <MilestonePaymentsList
                  payments={data.payments}
                  milestones={data.milestones}
                  projectTitle={projectTitle}
                  viewer={viewer}
                />
                <Suspense fallback={null}>{dialogs(data)}</Suspense>
              </>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
