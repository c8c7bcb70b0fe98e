import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { PieceDetail } from '@/features/good-stuff/api/get-piece';
import { AskSellerButtons } from '@/features/messages/components/ask-seller-buttons';
import { PieceConversations } from '@/features/messages/components/piece-conversations';
import { BuyerOffer } from '@/features/good-stuff/components/buyer-offer';
import { SellerOffers } from '@/features/good-stuff/components/seller-offers';
import { BuyNowButton } from '@/features/orders/components/buy-now-button';
import { PieceOrderLink } from '@/features/orders/components/piece-order-link';
import { AddToProject } from '@/features/projects/components/add-to-project';

/**
 * What a viewer who is not the seller can do with a piece: Buy Now (pays, at the price the database quotes), Ask the
 * seller (their conversation), Make Offer and their offer's state, Add to project.
 */
export function BuyerActions({ item, viewerId }: { item: PieceDetail; viewerId: string }) {
  const navigate = useNavigate();
  return (
    <section aria-label="Buy this piece" className="space-y-4 rounded-lg border p-4">
      <PieceOrderLink itemId={item.id} viewerId={viewerId} sold={item.status === 'sold'} />
      <div className="flex flex-wrap items-start gap-2">
        <BuyNowButton itemId={item.id} viewerId={viewerId} listPrice={item.price} />
        <AskSellerButtons
          itemId={item.id}
          onOpen={(conversation) => void navigate(paths.pieceConversation.getHref(item.id, conversation.id))}
        />
      </div>
      <BuyerOffer
        itemId={item.id}
        userId={viewerId}
        title={item.title}
        price={item.price}
        status={item.status}
        reservedUntil={item.reserved_until}
        heldUntil={item.held_until}
      />
      <AddToProject itemId={item.id} title={item.title} price={item.price} userId={viewerId} />
    </section>
  );
}

/** For the piece's seller: its sale (when sold with Buy Now), the offers on it and the buyers' conversations. */
export function SellerPanel({ item, viewerId }: { item: PieceDetail; viewerId: string }) {
  return (
    <>
      <PieceOrderLink itemId={item.id} viewerId={viewerId} sold={item.status === 'sold'} />
      <SellerOffers itemId={item.id} title={item.title} price={item.price} />
      <PieceConversations
        itemId={item.id}
        title={item.title}
        viewerId={viewerId}
        conversationHref={(conversationId) => paths.pieceConversation.getHref(item.id, conversationId)}
      />
    </>
  );
}
