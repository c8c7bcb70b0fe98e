import { MaybeVerifiedBadge } from '@/components/verified-badge';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { bidderName, bidderVerified, useProjectBids } from '@/features/bids/api/get-project-bids';
import { formatMoney } from '@/lib/format';

type AcceptedBidCardProps = {
  projectId: string;
  /** The project's assigned designer: their accepted bid is the one the project runs on. */
  designerId: string;
  viewer: 'customer' | 'designer';
};

/**
 * The accepted bid on the project page, for both parties once a bid is accepted (docs/product.md, Projects): the
 * designer, the amount, the estimated days and the proposal they were chosen for. Row-level security gives the
 * customer every bid of their project and the designer their own, so the same read serves both; the bid shown is
 * the accepted one of the assigned designer (a reopened project's departed designer's bid is not the project's).
 */
export function AcceptedBidCard({ projectId, designerId, viewer }: AcceptedBidCardProps) {
  const bids = useProjectBids(projectId);
  return (
    <QueryState query={bids} loading="Loading the accepted bid…" failed="Failed to load bids" toast={false}>
      {(list) => {
        const bid = list.find((b) => b.status === 'accepted' && b.designer_id === designerId);
        if (!bid) return null;
        return (
          <Card role="region" aria-labelledby="accepted-bid-title">
            <CardHeader>
              <CardTitle id="accepted-bid-title">Accepted bid</CardTitle>
              <CardDescription>
                {viewer === 'customer' ? 'The bid you accepted.' : 'Your bid the client accepted.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-muted-foreground">Designer</dt>
                  <dd className="flex flex-wrap items-center gap-2 font-semibold">
                    {bidderName(bid)}
                    <MaybeVerifiedBadge value={bidderVerified(bid)} />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Amount</dt>
                  <dd className="font-semibold">{formatMoney(bid.bid_amount)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Estimated time</dt>
                  <dd className="font-semibold">
                    {bid.estimated_days
                      ? `${bid.estimated_days} ${bid.estimated_days === 1 ? 'day' : 'days'}`
                      : 'Not given'}
                  </dd>
                </div>
                <div className="sm:col-span-3">
                  <dt className="text-muted-foreground">Proposal</dt>
                  <dd className="break-words whitespace-pre-line">{bid.proposal}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        );
      }}
    </QueryState>
  );
}
