import { Link } from 'react-router-dom';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useDesignerBids, type DesignerBid } from '@/features/bids/api/get-designer-bids';
import { BidStatusBadge } from '@/features/bids/components/bid-status-badge';
import { formatDate, formatMoney } from '@/lib/format';

/** Why a bid's project cannot be opened: it went to someone else, or is no longer open to this user. */
function closedNote(bid: DesignerBid): string {
  return bid.status === 'rejected'
    ? 'Not selected: the client chose another designer.'
    : 'This project is no longer open to you.';
}

function BidRow({ bid }: { bid: DesignerBid }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-4" data-testid="designer-bid">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium break-words">
          {bid.can_open ? (
            <Link to={paths.project.getHref(bid.project_id)} className="underline-offset-4 hover:underline">
              {bid.project_title}
            </Link>
          ) : (
            bid.project_title
          )}
        </h3>
        <p className="text-sm text-muted-foreground">
          Your bid {formatMoney(bid.bid_amount)} · {formatDate(bid.created_at)}
        </p>
        {bid.can_open ? null : <p className="text-sm text-muted-foreground">{closedNote(bid)}</p>}
      </div>
      <BidStatusBadge status={bid.status} />
    </li>
  );
}

/**
 * The designer's bids with their status, newest first (a bid is pending, then accepted, or rejected
 * when another bid is accepted). The project opens from here only while the designer may open it.
 */
export function DesignerBidsList({ designerId }: { designerId: string }) {
  const bids = useDesignerBids(designerId);
  // The dashboard toasts a failure to load the designer's bids once, for the tab's total and this list.
  return (
    <PagedList
      query={bids}
      loading="Loading your bids…"
      failed="Failed to load bids"
      toast={false}
      empty={<p className="text-muted-foreground">No bids yet. Bid on an available project to get started.</p>}
      label="My bids"
      className="space-y-3"
      more={{ className: '' }}
      frame={(list) => <div className="space-y-6">{list}</div>}
    >
      {(bid) => <BidRow key={bid.id} bid={bid} />}
    </PagedList>
  );
}
