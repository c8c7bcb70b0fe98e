import { lazy, Suspense, useState } from 'react';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useProjectBids, type ProjectBid } from '@/features/bids/api/get-project-bids';
import { BidStatusBadge } from '@/features/bids/components/bid-status-badge';
import { formatMoney } from '@/lib/format';

// Not part of the page's first paint: the dialog's code (and its form library) loads when it first opens.
const SubmitBidDialog = lazy(() =>
  import('@/features/bids/components/submit-bid-dialog').then((m) => ({ default: m.SubmitBidDialog })),
);

type DesignerBidCardProps = {
  projectId: string;
  designerId: string;
  /** Bidding needs the designer plan: the form opens once the membership is confirmed, never before. */
  membership: GatedAction;
};

/** A designer's Place Bid card on the project page, or Your Bid once they have bid (docs/product.md, Projects). */
export function DesignerBidCard({ projectId, designerId, membership }: DesignerBidCardProps) {
  const bids = useProjectBids(projectId);
  return (
    <QueryState query={bids} loading="Loading your bid…" failed="Failed to load bids" toast={false}>
      {(list) => {
        const mine = list.find((bid) => bid.designer_id === designerId);
        return mine ? (
          <YourBid bid={mine} />
        ) : (
          <PlaceBid projectId={projectId} designerId={designerId} membership={membership} />
        );
      }}
    </QueryState>
  );
}

function YourBid({ bid }: { bid: ProjectBid }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Bid</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-lg font-semibold">{formatMoney(bid.bid_amount)}</p>
          <BidStatusBadge status={bid.status} />
        </div>
        {bid.estimated_days ? (
          <p className="text-sm text-muted-foreground">Estimated {bid.estimated_days} days</p>
        ) : null}
        <p className="text-sm whitespace-pre-line">{bid.proposal}</p>
      </CardContent>
    </Card>
  );
}

function PlaceBid({ projectId, designerId, membership }: DesignerBidCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Place Bid</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Interested in this project? Send the client your price and plan.
        </p>
        <GatedButton gate={membership} gateKey="place-bid" onAllowed={() => setOpen(true)}>
          Place Bid
        </GatedButton>
        {open ? (
          <Suspense fallback={null}>
            <SubmitBidDialog projectId={projectId} designerId={designerId} open={open} onOpenChange={setOpen} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
