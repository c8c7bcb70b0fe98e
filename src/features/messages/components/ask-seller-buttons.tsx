import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useStartPieceConversation, type PieceConversation } from '@/features/messages/api/start-piece-conversation';

type Props = {
  itemId: string;
  /** Opens the conversation (the route knows where it lives). */
  onOpen: (conversation: PieceConversation) => void;
};

/**
 * 'Ask the seller' opens the viewer's conversation with the piece's seller (started on first use): questions before
 * buying, and the pickup after (docs/product.md, Buying on Good Stuff).
 */
export function AskSellerButtons({ itemId, onOpen }: Props) {
  const start = useStartPieceConversation(itemId, {
    onSuccess: (conversation) => onOpen(conversation),
    onError: (error) => toast.error(error.message || 'Failed to open the conversation'),
  });
  return (
    <Button variant="outline" disabled={start.isPending} onClick={() => start.mutate()} aria-busy={start.isPending}>
      <MessageCircle aria-hidden="true" />
      Ask the seller
    </Button>
  );
}
