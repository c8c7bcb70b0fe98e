import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { MilestoneDispute } from '@/features/milestones/api/get-project-milestones';
import { MilestoneDisputeView } from '@/features/milestones/components/milestone-dispute';
import { MilestoneStatusBadge } from '@/features/milestones/components/milestone-status-badge';
import {
  heldAmount,
  type Milestone,
  type MilestoneActions,
  type Viewer,
} from '@/features/milestones/utils/milestone-state';
import { formatDate, formatMoney } from '@/lib/format';
import { PrivatePhotoGrid } from '@/components/private-photo-grid';
import { MILESTONE_PHOTOS_BUCKET } from '@/features/milestones/utils/milestone-photos';

export type MilestoneAction = keyof MilestoneActions | 'addStatement';

type MilestoneItemProps = {
  milestone: Milestone;
  dispute: MilestoneDispute | null;
  actions: MilestoneActions;
  viewer: Viewer;
  userId: string;
  now: number;
  /** The milestone being funded (its button says so until the payment page opens). */
  funding: boolean;
  onAction: (action: MilestoneAction) => void;
};

/** What the state means for the viewer, in a sentence (docs/milestones.md). */
function stateLine(milestone: Milestone, viewer: Viewer): string | null {
  const customer = viewer === 'customer';
  if (milestone.frozen_at) return 'The card’s bank is reviewing this payment. Nothing moves until it decides.';
  switch (milestone.status) {
    case 'not_funded':
      return customer ? null : 'Waiting for the customer to fund it. Start the work once it is funded.';
    case 'funded':
      if (milestone.cancel_requested_at) {
        return customer
          ? 'You asked to cancel. The designer can agree by refunding it, or you can open a dispute.'
          : 'The customer asked to cancel this milestone. Agree to cancel refunds it in full.';
      }
      return customer
        ? 'Good Space holds your payment until you release it.'
        : 'Funded: Good Space holds the payment. Submit the work when it is done.';
    case 'submitted':
      return milestone.auto_release_at
        ? customer
          ? `Release the payment or request changes. It is released to the designer automatically on ${formatDate(milestone.auto_release_at)} unless you answer.`
          : `Waiting for the customer. It is released to you automatically on ${formatDate(milestone.auto_release_at)} unless they answer.`
        : null;
    case 'changes_requested':
      return customer ? 'Waiting for the designer to submit it again.' : 'The customer asked for changes.';
    case 'disputed':
      return 'In dispute: Good Space decides how the money is split.';
    default:
      return null;
  }
}

function ActionButton({
  children,
  onClick,
  variant = 'outline',
  busy = false,
}: {
  children: ReactNode;
  onClick: () => void;
  variant?: 'default' | 'outline' | 'destructive';
  busy?: boolean;
}) {
  return (
    <Button variant={variant} onClick={onClick} disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
      {children}
    </Button>
  );
}

/**
 * One milestone on the project page: its title, state, amount and money, the submission and the customer's
 * answer, its dispute, and the steps the viewer may take now. An article named by its title, so each milestone's
 * buttons can be told apart.
 */
export function MilestoneItem({
  milestone,
  dispute,
  actions,
  viewer,
  userId,
  now,
  funding,
  onAction,
}: MilestoneItemProps) {
  const titleId = `milestone-${milestone.id}-title`;
  const held = heldAmount(milestone);
  const line = stateLine(milestone, viewer);
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-md border p-4" data-testid="milestone">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">Milestone {milestone.position}</p>
          <h3 id={titleId} className="font-semibold break-words">
            {milestone.title}
          </h3>
        </div>
        <MilestoneStatusBadge status={milestone.status} frozen={milestone.frozen_at !== null} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold">{formatMoney(milestone.amount)}</dd>
        </div>
        {held > 0 ? (
          <div>
            <dt className="text-muted-foreground">Held</dt>
            <dd className="font-semibold">{formatMoney(held)}</dd>
          </div>
        ) : null}
        {milestone.released_amount > 0 ? (
          <div>
            <dt className="text-muted-foreground">Released</dt>
            <dd className="font-semibold">{formatMoney(milestone.released_amount)}</dd>
          </div>
        ) : null}
        {milestone.refunded_amount > 0 ? (
          <div>
            <dt className="text-muted-foreground">Refunded</dt>
            <dd className="font-semibold">{formatMoney(milestone.refunded_amount)}</dd>
          </div>
        ) : null}
      </dl>
      {line ? <p className="text-sm">{line}</p> : null}
      {milestone.submitted_at && milestone.submission_note ? (
        <div className="space-y-2 text-sm">
          <p className="font-medium">Submitted on {formatDate(milestone.submitted_at)}</p>
          <p className="whitespace-pre-line">{milestone.submission_note}</p>
          <PrivatePhotoGrid
            bucket={MILESTONE_PHOTOS_BUCKET}
            paths={milestone.submission_photos}
            label={`Submission of ${milestone.title}`}
          />
        </div>
      ) : null}
      {milestone.status === 'changes_requested' && milestone.changes_note ? (
        <div className="space-y-1 text-sm">
          <p className="font-medium">Changes requested</p>
          <p className="whitespace-pre-line">{milestone.changes_note}</p>
        </div>
      ) : null}
      {dispute ? (
        <MilestoneDisputeView
          dispute={dispute}
          milestone={milestone}
          userId={userId}
          viewer={viewer}
          now={now}
          onAddStatement={() => onAction('addStatement')}
        />
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {actions.fund ? (
          <ActionButton variant="default" busy={funding} onClick={() => onAction('fund')}>
            {funding ? 'Opening payment…' : 'Fund milestone'}
          </ActionButton>
        ) : null}
        {actions.release ? (
          <ActionButton variant="default" onClick={() => onAction('release')}>
            Release payment
          </ActionButton>
        ) : null}
        {actions.requestChanges ? (
          <ActionButton onClick={() => onAction('requestChanges')}>Request changes</ActionButton>
        ) : null}
        {actions.askToCancel ? (
          <ActionButton onClick={() => onAction('askToCancel')}>Ask to cancel</ActionButton>
        ) : null}
        {actions.submit ? (
          <ActionButton variant="default" onClick={() => onAction('submit')}>
            Submit milestone
          </ActionButton>
        ) : null}
        {actions.agreeToCancel ? (
          <ActionButton onClick={() => onAction('agreeToCancel')}>Agree to cancel</ActionButton>
        ) : null}
        {actions.refund ? <ActionButton onClick={() => onAction('refund')}>Refund</ActionButton> : null}
        {actions.openDispute ? <ActionButton onClick={() => onAction('openDispute')}>Open dispute</ActionButton> : null}
      </div>
    </article>
  );
}
