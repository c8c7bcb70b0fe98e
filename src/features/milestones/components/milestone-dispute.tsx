import { Button } from '@/components/ui/button';
import type { MilestoneDispute } from '@/features/milestones/api/get-project-milestones';
import type { Milestone, Viewer } from '@/features/milestones/utils/milestone-state';
import { formatDate, formatMoney } from '@/lib/format';
import { PrivatePhotoGrid } from '@/components/private-photo-grid';
import { MILESTONE_PHOTOS_BUCKET } from '@/features/milestones/utils/milestone-photos';

/**
 * A milestone's dispute for its two parties (docs/milestones.md): why it was opened, each party's statement with
 * photos until the statements are due, and Good Space's decision (the split and the reason) once made. A
 * chargeback says the bank decides.
 */
export function MilestoneDisputeView({
  dispute,
  milestone,
  userId,
  viewer,
  now,
  onAddStatement,
}: {
  dispute: MilestoneDispute;
  milestone: Milestone;
  userId: string;
  viewer: Viewer;
  /** When the dispute was read: statements close at statements_due_at. */
  now: number;
  onAddStatement: () => void;
}) {
  const partyOf = (authorId: string | null) =>
    authorId === userId
      ? 'Your statement'
      : authorId === milestone.customer_id
        ? 'The customer’s statement'
        : 'The designer’s statement';
  if (dispute.kind === 'chargeback') {
    return (
      <div className="space-y-1 rounded-md border border-destructive/40 p-3 text-sm">
        <p className="font-medium">The card’s bank is reviewing this payment (a chargeback).</p>
        <p className="text-muted-foreground">
          {dispute.outcome === null
            ? 'Nothing moves on this milestone until the bank decides.'
            : dispute.outcome === 'won'
              ? 'The bank decided for the designer.'
              : 'The bank decided for the customer: the held money went back to the card.'}
        </p>
      </div>
    );
  }
  const mine = dispute.statements.some((statement) => statement.author_id === userId);
  const open = dispute.status === 'open';
  const due = new Date(dispute.statements_due_at).getTime();
  const mayAdd = open && !mine && now < due;
  const other = viewer === 'customer' ? 'the designer' : 'the customer';
  return (
    <section aria-label={`Dispute about ${milestone.title}`} className="space-y-3 rounded-md border p-3 text-sm">
      <div className="space-y-1">
        <p className="font-medium">
          {dispute.opened_by === userId ? 'You opened a dispute' : `A dispute was opened by ${other}`}
        </p>
        {dispute.reason ? <p className="whitespace-pre-line">{dispute.reason}</p> : null}
        {open ? (
          <p className="text-muted-foreground">
            Both of you can add one statement, with photos, until {formatDate(dispute.statements_due_at)}. Good Space
            then decides how the money is split.
          </p>
        ) : null}
      </div>
      {dispute.statements.length > 0 ? (
        <ul className="space-y-3">
          {dispute.statements.map((statement) => (
            <li key={statement.id} className="space-y-2">
              <p className="font-medium">{partyOf(statement.author_id)}</p>
              <p className="whitespace-pre-line">{statement.body}</p>
              <PrivatePhotoGrid
                bucket={MILESTONE_PHOTOS_BUCKET}
                paths={statement.photos}
                label={partyOf(statement.author_id)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {mayAdd ? (
        <Button variant="outline" onClick={onAddStatement}>
          Add statement
        </Button>
      ) : null}
      {dispute.status === 'decided' && dispute.refund_amount !== null && dispute.release_amount !== null ? (
        <div className="space-y-1 rounded-md bg-muted p-3" role="status">
          <p className="font-medium">Good Space decided</p>
          <p>
            {formatMoney(dispute.refund_amount)} refunded to the customer, {formatMoney(dispute.release_amount)}{' '}
            released to the designer.
          </p>
          {dispute.decision_reason ? <p className="whitespace-pre-line">{dispute.decision_reason}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
