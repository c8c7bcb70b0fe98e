import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePieceOrder } from '@/features/orders/api/get-piece-order';

/**
 * On a sold piece's page, for its buyer or its seller: the way to the order (pickup, status). Nothing for anyone
 * else, nor while the piece is for sale.
 */
export function PieceOrderLink({ itemId, viewerId, sold }: { itemId: string; viewerId: string; sold: boolean }) {
  const order = usePieceOrder(itemId, viewerId, { enabled: sold });
  if (!sold || !order.data) return null;
  const mine = order.data.buyer_id === viewerId;
  return (
    <p className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="piece-order">
      {mine ? 'You bought this piece.' : 'Sold with Buy Now.'}{' '}
      <Link to={paths.order.getHref(order.data.id)} className="font-medium text-primary underline">
        {mine ? 'View your order' : 'View the sale'}
      </Link>
    </p>
  );
}
