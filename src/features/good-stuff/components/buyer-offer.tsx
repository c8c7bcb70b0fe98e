import { useState } from 'react';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useMyOffer } from '@/features/good-stuff/api/get-my-offer';
import { useOffersRealtime } from '@/features/good-stuff/hooks/use-offers-realtime';
import { useMakeOffer, type Offer } from '@/features/good-stuff/api/make-offer';
import { useRespondToCounter } from '@/features/good-stuff/api/respond-to-counter';
import { useWithdrawOffer } from '@/features/good-stuff/api/withdraw-offer';
import { OfferAmountDialog } from '@/features/good-stuff/components/offer-amount-dialog';
import { effectiveStatus, formatWhen, refusalMessage, takenLabel } from '@/features/good-stuff/utils/offer-state';
import { formatMoney } from '@/lib/format';

type Props = {
  itemId: string;
  userId: string;
  title: string;
  price: number;
  /** The piece as the item page read it: sold, reserved or held pieces take no offers. */
  status: string;
  reservedUntil: string | null;
  heldUntil: string | null;
};

function OfferLine({ offer, now }: { offer: Offer; now: number }) {
  const status = effectiveStatus(offer, now);
  switch (status) {
    case 'open':
      return (
        <p>
          Your offer of <strong>{formatMoney(offer.amount)}</strong> is with the seller. It expires on{' '}
          {formatWhen(offer.expires_at)}.
        </p>
      );
    case 'countered':
      return (
        <p>
          The seller countered your offer of {formatMoney(offer.amount)} with{' '}
          <strong>{formatMoney(offer.counter_amount ?? 0)}</strong>. Answer by {formatWhen(offer.expires_at)}.
        </p>
      );
    case 'accepted':
      return offer.reserved_until && Date.parse(offer.reserved_until) > now ? (
        <p>
          Your offer of <strong>{formatMoney(offer.counter_amount ?? offer.amount)}</strong> was accepted. Reserved for
          you until {formatWhen(offer.reserved_until)}.
        </p>
      ) : (
        <p>Your accepted offer of {formatMoney(offer.counter_amount ?? offer.amount)} is no longer reserved.</p>
      );
    case 'declined':
      return <p>The seller declined your offer of {formatMoney(offer.amount)}.</p>;
    case 'withdrawn':
      return <p>You withdrew your offer of {formatMoney(offer.amount)}.</p>;
    case 'expired':
      return <p>Your offer of {formatMoney(offer.amount)} expired.</p>;
  }
}

/**
 * The buyer's side of offers on the item page (docs/product.md, Good Stuff): Make Offer, then the offer's state
 * (with the seller's counter to accept or decline, or Withdraw while it waits). A piece that is sold, reserved or
 * held says so instead of taking offers. The offer is live (useOffersRealtime), and read again on focus, after each action and every 5 minutes.
 */
export function BuyerOffer({ itemId, userId, title, price, status, reservedUntil, heldUntil }: Props) {
  const [open, setOpen] = useState(false);
  const mine = useMyOffer(itemId, userId);
  useOffersRealtime(itemId);
  const make = useMakeOffer(itemId, {
    onSuccess: () => {
      toast.success('Offer sent! The seller has 48 hours to answer.');
      setOpen(false);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to send offer')),
  });
  const answer = useRespondToCounter(itemId, {
    onSuccess: (_offer, action) =>
      toast.success(action === 'accept' ? 'Counter accepted. The piece is reserved for you.' : 'Counter declined'),
    onError: (error) => toast.error(refusalMessage(error, 'Failed to answer the counter')),
  });
  const withdraw = useWithdrawOffer(itemId, {
    onSuccess: () => toast.success('Offer withdrawn'),
    onError: (error) => toast.error(refusalMessage(error, 'Failed to withdraw offer')),
  });

  if (mine.isPending) return <Spinner size="sm" label="Loading your offer…" />;
  if (mine.isError) return <p className="text-sm text-destructive">Failed to load your offer</p>;

  const offer = mine.data;
  // The time of the last read: the offer is read again at least every 5 minutes, so its state keeps up.
  const now = mine.dataUpdatedAt;
  const state = offer ? effectiveStatus(offer, now) : null;
  const reservedForMe =
    offer && state === 'accepted' && offer.reserved_until !== null && Date.parse(offer.reserved_until) > now;
  const taken = reservedForMe ? null : takenLabel({ status, reservedUntil, heldUntil }, now);
  const canOffer = !taken && !reservedForMe && state !== 'open' && state !== 'countered';

  return (
    <section aria-label="Your offer" className="space-y-3 text-sm" data-testid="buyer-offer">
      {offer ? <OfferLine offer={offer} now={now} /> : null}
      {offer && state === 'countered' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ offerId: offer.id, action: 'accept' })}
          >
            Accept {formatMoney(offer.counter_amount ?? 0)}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ offerId: offer.id, action: 'decline' })}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {offer && state === 'open' ? (
        <Button size="sm" variant="outline" disabled={withdraw.isPending} onClick={() => withdraw.mutate(offer.id)}>
          Withdraw offer
        </Button>
      ) : null}
      {taken ? (
        // The piece's badge already says Sold, Reserved or Held for a project; this says what it means for offers.
        <p className="text-muted-foreground" data-testid="piece-taken">
          {taken === 'Reserved'
            ? 'Another buyer’s offer was accepted. Offers open again if they do not buy it within 48 hours.'
            : taken === 'Held for a project'
              ? 'A designer is holding it for a project for up to 7 days. Offers open again if it is released.'
              : 'It takes no offers.'}
        </p>
      ) : null}
      {canOffer ? (
        <Button variant="outline" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
          Make Offer
        </Button>
      ) : null}
      <OfferAmountDialog
        open={open}
        onOpenChange={setOpen}
        title="Make Offer"
        description={
          <>
            Offer on “{title}”, listed at {formatMoney(price)}. The seller has 48 hours to accept, decline or counter;
            an accepted offer reserves the piece for you for 48 hours.
          </>
        }
        amountLabel="Your offer ($)"
        price={price}
        withNote
        submitLabel="Send Offer"
        pending={make.isPending}
        onSubmit={(input) => make.mutate(input)}
      />
    </section>
  );
}
