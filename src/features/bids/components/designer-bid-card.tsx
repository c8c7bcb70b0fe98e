import { lazy, Suspense, useState } from 'react';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useProjectBids } from '@/features/bids/api/get-project-bids';
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

/** SPEC §2: a designer's Place Bid card, or Your Bid once they have bid. */
export function DesignerBidCard({ projectId, designerId, membership }: DesignerBidCardProps) {
  const [open, setOpen] = useState(false);
  const bids = useProjectBids(projectId);
  const mine = bids.data?.find((bid) => bid.designer_id === designerId);

  if (bids.isPending) return <Spinner label="Loading your bid…" />;
  if (bids.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load bids
      </p>
    );

  if (mine) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your Bid</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold">{formatMoney(mine.bid_amount)}</p>
            <BidStatusBadge status={mine.status} />
          </div>
          {mine.estimated_days ? (
            <p className="text-sm text-muted-foreground">Estimated {mine.estimated_days} days</p>
          ) : null}
          <p className="text-sm whitespace-pre-line">{mine.proposal}</p>
        </CardContent>
      </Card>
    );
  }

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
