import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useBuyNow } from '@/features/orders/api/buy-now';
import { useBuyNowQuote, type BuyNowRefusal } from '@/features/orders/api/get-buy-now-quote';
import { formatMoney } from '@/lib/format';
import { pageNavigation } from '@/lib/page-navigation';
import { pieceKeys } from '@/lib/query-keys';

/** Why Buy Now is off, beside the button (the piece's badge says the state; this says what it means for buying). */
const DISABLED_REASON: Record<Exclude<BuyNowRefusal, 'own_piece' | 'seller_not_ready'>, string> = {
  not_available: 'This piece is no longer available.',
  reserved: 'Reserved for another buyer. It can be bought again if they do not buy it within 48 hours.',
  held: 'Held for a project. It can be bought again if it is released.',
  // Never says who blocked whom (docs/trust-and-safety.md).
  blocked: "You can't contact this person.",
};

/**
 * Buy Now on a piece's page (docs/product.md, Buying on Good Stuff): the price the database quotes for the viewer
 * (the list price, or their accepted offer's), then the payment page. Not shown to the seller, nor while the seller
 * cannot take payments (Make Offer and Ask the seller remain); shown off, with the reason, while someone else has
 * the piece.
 */
export function BuyNowButton({ itemId, viewerId, listPrice }: { itemId: string; viewerId: string; listPrice: number }) {
  const reasonId = useId();
  const queryClient = useQueryClient();
  const quote = useBuyNowQuote(itemId, viewerId);
  const buy = useBuyNow(itemId, {
    onSuccess: ({ url }) => pageNavigation.open(url),
    onError: (error) => {
      toast.error(error.message || 'Failed to start checkout. Please try again.');
      // Refused because the piece just changed hands or state: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: pieceKeys.detail(itemId) });
    },
  });

  if (!quote.isSuccess) return null;
  const { can_buy: canBuy, reason, amount, offer_id: offerId } = quote.data;
  if (reason === 'own_piece' || reason === 'seller_not_ready') return null;
  const price = amount !== null ? ` · ${formatMoney(amount)}` : '';
  // The agreed price, unless the seller has since lowered the list price below it (the database charges the lower).
  const atOffer = offerId !== null && amount !== null && amount < listPrice;
  const label = atOffer && canBuy ? `Buy at your offer${price}` : `Buy Now${canBuy ? price : ''}`;
  const why = !canBuy && reason ? DISABLED_REASON[reason] : null;
  // Busy from the click until the payment page opens (a success navigates away).
  const busy = buy.isPending || buy.isSuccess;
  return (
    <div className="space-y-1">
      <Button disabled={!canBuy || busy} aria-busy={busy} aria-describedby={reasonId} onClick={() => buy.mutate()}>
        {label}
      </Button>
      {why ? (
        <p id={reasonId} className="text-sm text-muted-foreground" data-testid="buy-now-reason">
          {why}
        </p>
      ) : (
        // Buyer protection (docs/orders.md): the money waits with Good Space until the handover.
        <p id={reasonId} className="text-sm text-muted-foreground">
          Good Space holds your payment until you collect the piece; the seller is paid then.
        </p>
      )}
    </div>
  );
}
