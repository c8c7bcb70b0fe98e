import { formatMoney } from '@/lib/format';

/** An order's stored states (docs/product.md, Orders; ADR 0029). */
export type OrderStatus = 'pending' | 'paid' | 'ready' | 'completed' | 'cancelled' | 'refunded' | 'expired';

type OrderTimes = { status: string; checkout_expires_at: string };

/**
 * A pending order whose checkout has lapsed reads as expired everywhere (the database expires it when Stripe says
 * so, or when the buyer opens a new checkout for the piece): the screen says so at once.
 */
export function effectiveOrderStatus(order: OrderTimes, now: number): OrderStatus {
  const status = order.status as OrderStatus;
  if (status === 'pending' && Date.parse(order.checkout_expires_at) <= now) return 'expired';
  return status;
}

/** The status pill's words. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  ready: 'Ready for pickup',
  completed: 'Completed',
  cancelled: 'Cancelled · refunded',
  refunded: 'Refunded',
  expired: 'Checkout expired',
};

/** The pill's look: done states quiet, states that ask for something from someone filled. */
export const ORDER_STATUS_VARIANT: Record<OrderStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  pending: 'outline',
  paid: 'default',
  ready: 'default',
  completed: 'secondary',
  cancelled: 'outline',
  refunded: 'outline',
  expired: 'outline',
};

type SentenceInput = {
  status: OrderStatus;
  amount: number;
  refundReason: string | null;
  /** Whose page it is: the sentence tells each what happens next for them. */
  viewer: 'buyer' | 'seller';
};

/** What the status means for the viewer, in one or two sentences (docs/product.md, Orders). */
export function orderStatusSentence({ status, amount, refundReason, viewer }: SentenceInput): string {
  const money = formatMoney(amount);
  switch (status) {
    case 'pending':
      return 'Waiting for the payment. Nothing is charged until you pay.';
    case 'expired':
      return 'This checkout expired before it was paid. Nothing was charged.';
    case 'paid':
      return viewer === 'buyer'
        ? 'Paid. The seller will tell you when it is ready for pickup.'
        : 'Paid. Mark it ready for pickup when the buyer can come for it.';
    case 'ready':
      return viewer === 'buyer'
        ? 'Ready for pickup. Arrange a time with the seller below, then tell us when you have it.'
        : 'Ready for pickup. Mark it completed once the buyer has it.';
    case 'completed':
      return viewer === 'buyer' ? 'Completed. Enjoy your piece!' : 'Completed. The buyer has the piece.';
    case 'cancelled':
      return viewer === 'buyer'
        ? `This order was cancelled and your payment of ${money} was refunded.`
        : `You cancelled this order and the buyer's payment of ${money} was refunded.`;
    case 'refunded':
      if (refundReason === 'already_sold')
        return viewer === 'buyer'
          ? `Someone else bought this piece a moment before you. Your payment of ${money} has been refunded.`
          : `Another buyer paid first, so this payment of ${money} was refunded.`;
      return viewer === 'buyer'
        ? `Your payment of ${money} has been refunded.`
        : `The payment of ${money} was refunded.`;
  }
}
