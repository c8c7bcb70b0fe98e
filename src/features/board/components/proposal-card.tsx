import { ImageOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';
import { approvalPreview, type BudgetFigures } from '@/features/board/utils/approval-preview';
import { STATUS_LABELS, type BoardProposal, type BoardStatus } from '@/features/board/utils/board-proposal';
import { formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

const STATUS_STYLE: Record<BoardStatus, string> = {
  proposed: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  approved: 'border-green-300 bg-green-100 text-green-900',
  declined: 'border-red-300 bg-red-100 text-red-900',
  alternative: 'border-blue-300 bg-blue-100 text-blue-900',
  withdrawn: 'border-gray-300 bg-gray-100 text-gray-800',
};

export type ProposalAction = 'approve' | 'decline' | 'alternative' | 'withdraw';

type ProposalCardProps = {
  proposal: BoardProposal;
  userId: string;
  viewer: 'customer' | 'designer';
  /** The project is active: decisions and withdrawals can be made (the database agrees). */
  open: boolean;
  budget: BudgetFigures;
  /** The photo's link: a piece's own URL, a find's signed link (undefined while it is signed, null: none). */
  photoUrl: string | null | undefined;
  onAction: (action: ProposalAction, proposal: BoardProposal) => void;
};

/**
 * One proposal on the selection board: its photo, title, price, status, where it goes and the designer's note, where
 * to get an outside find, the customer's reason or note once decided, and, while it awaits the customer, what
 * approving it would do to the budget, shown to both before anyone decides.
 */
export function ProposalCard({ proposal, userId, viewer, open, budget, photoUrl, onAction }: ProposalCardProps) {
  const status = proposal.status as BoardStatus;
  const waiting = status === 'proposed';
  const preview = waiting ? approvalPreview(proposal.price, budget) : null;
  const titleId = `proposal-${proposal.id}-title`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="grid h-full gap-3 rounded-md border p-3 sm:grid-cols-[8rem_1fr]"
        data-testid="board-proposal"
      >
        {photoUrl ? (
          <Photo src={photoUrl} alt={proposal.title} width={320} height={240} className="sm:w-32" />
        ) : (
          <div
            className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-muted text-muted-foreground sm:w-32"
            aria-hidden="true"
          >
            <ImageOff className="size-6" />
          </div>
        )}
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={titleId} className="font-semibold break-words">
              {proposal.title}
            </h3>
            <span
              className={cn(
                'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                STATUS_STYLE[status],
              )}
            >
              {STATUS_LABELS[status]}
            </span>
          </div>
          <p className="text-lg font-semibold">{formatMoney(proposal.price)}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Room</dt>
            <dd className="break-words">{proposal.room}</dd>
            <dt className="text-muted-foreground">From</dt>
            <dd className="min-w-0 break-words">
              {proposal.kind === 'piece' ? (
                <>
                  <Badge variant="outline" className="mr-1 align-middle">
                    Good Stuff
                  </Badge>
                  {proposal.catalog_item_id ? (
                    <Link
                      to={paths.piece.getHref(proposal.catalog_item_id)}
                      className="font-medium text-primary hover:underline"
                      aria-label={`View the piece: ${proposal.title}`}
                    >
                      View the piece
                    </Link>
                  ) : null}
                </>
              ) : (
                <>
                  {proposal.store ?? 'An outside find'}
                  {proposal.link ? (
                    <>
                      {' · '}
                      <a
                        href={proposal.link}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="font-medium text-primary hover:underline"
                        aria-label={`Open the link to ${proposal.title} (new tab)`}
                      >
                        Link
                      </a>
                    </>
                  ) : null}
                </>
              )}
            </dd>
            {proposal.dimensions ? (
              <>
                <dt className="text-muted-foreground">Size</dt>
                <dd className="break-words">{proposal.dimensions}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Proposed on</dt>
            <dd>{formatDate(proposal.created_at)}</dd>
          </dl>
          {proposal.note ? (
            <p className="text-sm break-words whitespace-pre-line">
              <span className="font-medium">Designer’s note: </span>
              {proposal.note}
            </p>
          ) : null}
          {proposal.decline_reason ? (
            <p className="text-sm break-words whitespace-pre-line">
              <span className="font-medium">Why it was declined: </span>
              {proposal.decline_reason}
            </p>
          ) : null}
          {status === 'alternative' ? (
            <p className="text-sm break-words whitespace-pre-line">
              <span className="font-medium">Alternative asked</span>
              {proposal.alternative_note ? `: ${proposal.alternative_note}` : '.'}
            </p>
          ) : null}
          {preview ? (
            <p
              className={cn(
                'rounded-md border p-2 text-sm',
                preview.refused && 'border-red-400 bg-red-50 text-red-900',
              )}
              data-testid="approval-preview"
            >
              {preview.sentence}
            </p>
          ) : null}
          {waiting && open ? (
            viewer === 'customer' ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => onAction('approve', proposal)}
                  aria-label={`Approve ${proposal.title}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onAction('decline', proposal)}
                  aria-label={`Decline ${proposal.title}`}
                >
                  Decline
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onAction('alternative', proposal)}
                  aria-label={`Ask for an alternative to ${proposal.title}`}
                >
                  Ask for an alternative
                </Button>
              </div>
            ) : proposal.designer_id === userId ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAction('withdraw', proposal)}
                aria-label={`Withdraw ${proposal.title}`}
              >
                Withdraw
              </Button>
            ) : null
          ) : null}
        </div>
      </article>
    </li>
  );
}
