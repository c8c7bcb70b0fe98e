import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { toast } from 'sonner';
import { isAssignDesignerError, useAcceptBid } from '@/features/bids/api/accept-bid';
import { bidMilestones, bidderName, bidderVerified, useProjectBids } from '@/features/bids/api/get-project-bids';
import { BidStatusBadge } from '@/features/bids/components/bid-status-badge';
import { useBidsRealtime } from '@/features/bids/hooks/use-bids-realtime';
import { formatMoney } from '@/lib/format';
import { MaybeVerifiedBadge } from '@/components/verified-badge';

/**
 * The customer's list of bids on a pending project, each with its milestones (how the design fee would be paid),
 * with Accept on pending ones.
 */
export function BidsCard({ projectId }: { projectId: string }) {
  const bids = useProjectBids(projectId);
  const accept = useAcceptBid(projectId, {
    onSuccess: () => toast.success('Bid accepted! The designer is now assigned.'),
    onError: (error) =>
      toast.error(isAssignDesignerError(error) ? 'Failed to assign designer' : 'Failed to accept bid'),
  });
  useBidsRealtime(projectId, true);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bids ({bids.data?.length ?? 0})</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={bids} loading="Loading bids…" failed="Failed to load bids" toast={false}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-muted-foreground">No bids yet. Designers near you will see your project.</p>
            ) : (
              <ul className="space-y-4">
                {list.map((bid) => (
                  <li key={bid.id} className="space-y-2 rounded-md border p-4" data-testid="bid">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-semibold">{bidderName(bid)}</h3>
                        <MaybeVerifiedBadge value={bidderVerified(bid)} />
                      </div>
                      <BidStatusBadge status={bid.status} />
                    </div>
                    <p className="text-lg font-semibold">{formatMoney(bid.bid_amount)}</p>
                    {bid.estimated_days ? (
                      <p className="text-sm text-muted-foreground">Estimated {bid.estimated_days} days</p>
                    ) : null}
                    <p className="text-sm whitespace-pre-line">{bid.proposal}</p>
                    <ol
                      aria-label={`Milestones of the bid from ${bidderName(bid)}`}
                      className="space-y-1 rounded-md bg-muted/50 p-2 text-sm"
                    >
                      {bidMilestones(bid).map((milestone, index) => (
                        <li key={index} className="flex justify-between gap-2">
                          <span className="min-w-0 break-words">
                            {index + 1}. {milestone.title}
                          </span>
                          <span className="font-medium">{formatMoney(milestone.amount)}</span>
                        </li>
                      ))}
                    </ol>
                    {bid.status === 'pending' ? (
                      <Button
                        onClick={() => accept.mutate(bid.id)}
                        disabled={accept.isPending}
                        aria-label={`Accept bid from ${bidderName(bid)}`}
                      >
                        Accept
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
