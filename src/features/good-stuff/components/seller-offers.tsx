import { useState } from 'react';
import { toast } from 'sonner';
import { PagedList } from '@/components/paged-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePieceOffers, type PieceOffer } from '@/features/good-stuff/api/get-piece-offers';
import { useOffersRealtime } from '@/features/good-stuff/hooks/use-offers-realtime';
import { useRespondToOffer } from '@/features/good-stuff/api/respond-to-offer';
import { OfferAmountDialog } from '@/features/good-stuff/components/offer-amount-dialog';
import { effectiveStatus, formatWhen, refusalMessage, STATUS_LABEL } from '@/features/good-stuff/utils/offer-state';
import { formatMoney } from '@/lib/format';

type Props = {
  itemId: string;
  title: string;
  price: number;
  /** A heading level fitting the page: the item page's section or a listing's part on My listings. */
  headingLevel?: 2 | 3;
  /** Live (the piece's page); a list of many listings reads on focus and after answers instead. */
  live?: boolean;
};

function OfferRow({
  offer,
  onAccept,
  onDecline,
  onCounter,
  busy,
  now,
}: {
  offer: PieceOffer;
  now: number;
  onAccept: () => void;
  onDecline: () => void;
  onCounter: () => void;
  busy: boolean;
}) {
  const status = effectiveStatus(offer, now);
  return (
    <li className="space-y-2 rounded-md border p-3" data-testid="piece-offer">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-medium">{offer.buyer_name}</span> offered{' '}
          <span className="font-semibold">{formatMoney(offer.amount)}</span>
        </p>
        <Badge variant={status === 'open' ? 'default' : 'secondary'}>{STATUS_LABEL[status]}</Badge>
      </div>
      {offer.note ? (
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">“{offer.note}”</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {status === 'open'
          ? `Answer by ${formatWhen(offer.expires_at)}`
          : status === 'countered'
            ? `You countered with ${formatMoney(offer.counter_amount ?? 0)}; the buyer has until ${formatWhen(offer.expires_at)}`
            : status === 'accepted' && offer.reserved_until
              ? `Reserved for ${offer.buyer_name} until ${formatWhen(offer.reserved_until)}`
              : `Made ${formatWhen(offer.created_at)}`}
      </p>
      {status === 'open' ? (
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['Accept', 'default', onAccept],
              ['Counter', 'outline', onCounter],
              ['Decline', 'ghost', onDecline],
            ] as const
          ).map(([answer, variant, onClick]) => (
            <Button
              key={answer}
              size="sm"
              variant={variant}
              disabled={busy}
              onClick={onClick}
              aria-label={`${answer} ${offer.buyer_name}'s offer`}
            >
              {answer}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The offers on the seller's own piece (item page and My listings), newest first: Accept (reserves it for that
 * buyer for 48 hours and declines the others), Decline, Counter with an amount above the offer and at most the
 * price. Live on the piece's page (useOffersRealtime); read again on focus, after each answer and every 5 minutes.
 */
export function SellerOffers({ itemId, title, price, headingLevel = 2, live = true }: Props) {
  const offers = usePieceOffers(itemId);
  useOffersRealtime(itemId, { enabled: live });
  const [countering, setCountering] = useState<PieceOffer | null>(null);
  const respond = useRespondToOffer(itemId, {
    onSuccess: (_offer, { response }) => {
      toast.success(
        response.action === 'accept'
          ? 'Offer accepted. The piece is reserved for the buyer for 48 hours.'
          : response.action === 'decline'
            ? 'Offer declined'
            : 'Counter sent',
      );
      setCountering(null);
    },
    onError: (error) => toast.error(refusalMessage(error, 'Failed to answer the offer')),
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section aria-label={`Offers on ${title}`} className="space-y-3">
      <Heading className="font-semibold">Offers</Heading>
      <PagedList
        query={offers}
        loading="Loading offers…"
        failed="Failed to load offers"
        toast={false}
        size="sm"
        empty={<p className="text-sm text-muted-foreground">No offers yet.</p>}
        className="space-y-2"
        more={{ label: 'More offers', className: 'mt-2' }}
      >
        {(offer) => (
          <OfferRow
            key={offer.id}
            offer={offer}
            busy={respond.isPending}
            now={offers.dataUpdatedAt}
            onAccept={() => respond.mutate({ offerId: offer.id, response: { action: 'accept' } })}
            onDecline={() => respond.mutate({ offerId: offer.id, response: { action: 'decline' } })}
            onCounter={() => setCountering(offer)}
          />
        )}
      </PagedList>
      <OfferAmountDialog
        open={countering !== null}
        onOpenChange={(next) => {
          if (!next) setCountering(null);
        }}
        title="Counter Offer"
        description={
          countering ? (
            <>
              {countering.buyer_name} offered {formatMoney(countering.amount)} for “{title}” (listed at{' '}
              {formatMoney(price)}). Counter with more than their offer, at most the price; they have 48 hours to
              answer.
            </>
          ) : null
        }
        amountLabel="Your counter ($)"
        price={price}
        above={countering?.amount}
        withNote={false}
        submitLabel="Send Counter"
        pending={respond.isPending}
        onSubmit={({ amount }) => {
          if (countering)
            respond.mutate({ offerId: countering.id, response: { action: 'counter', counterAmount: amount } });
        }}
      />
    </section>
  );
}
