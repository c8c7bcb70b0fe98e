import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  useStartListingConversation,
  type ListingConversation,
} from '@/features/listing-messages/api/start-listing-conversation';

type Props = {
  itemId: string;
  /** Opens the conversation (the route knows where it lives). */
  onOpen: (conversation: ListingConversation) => void;
  /** Buy Now is shown while the piece can be bought (not sold, not reserved or held for someone else). */
  showBuyNow: boolean;
};

/**
 * 'Ask the seller' opens the viewer's conversation with the piece's seller (started on first use). Buy Now does the
 * same until payment arrives: the buyer arranges it with the seller (docs/product.md, Good Stuff).
 */
export function AskSellerButtons({ itemId, onOpen, showBuyNow }: Props) {
  const start = useStartListingConversation(itemId, {
    onSuccess: (conversation) => onOpen(conversation),
    onError: (error) => toast.error(error.message || 'Failed to open the conversation'),
  });
  return (
    <div className="flex flex-wrap gap-2">
      {showBuyNow ? (
        <Button disabled={start.isPending} onClick={() => start.mutate()}>
          Buy Now
        </Button>
      ) : null}
      <Button variant="outline" disabled={start.isPending} onClick={() => start.mutate()} aria-busy={start.isPending}>
        <MessageCircle aria-hidden="true" />
        Ask the seller
      </Button>
    </div>
  );
}
