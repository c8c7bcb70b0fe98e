import { formatMoney } from '@/lib/format';
import { formatDeadline } from '@/features/orders/utils/pickup-windows';

/** An order's stored states (docs/orders.md). */
export type OrderStatus =
  'pending' | 'expired' | 'paid' | 'collected' | 'disputed' | 'completed' | 'refused' | 'cancelled' | 'refunded';

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

/** The status pill's words (the Orders list and the order page). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Payment pending',
  expired: 'Checkout expired',
  paid: 'Paid · waiting for pickup',
  collected: 'Collected',
  disputed: 'In dispute',
  completed: 'Completed',
  refused: 'Refused at pickup',
  cancelled: 'Cancelled · refunded',
  refunded: 'Refunded',
};

/** The pill's look: done states quiet, states that ask for something from someone filled. */
export const ORDER_STATUS_VARIANT: Record<OrderStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  pending: 'outline',
  expired: 'outline',
  paid: 'default',
  collected: 'default',
  disputed: 'destructive',
  completed: 'secondary',
  refused: 'outline',
  cancelled: 'outline',
  refunded: 'outline',
};

export type SentenceInput = {
  status: OrderStatus;
  amount: number;
  refundReason: string | null;
  /** 'held': Good Space holds the payment until the handover; 'destination': the seller had it at once (before). */
  payout: string;
  releaseAt: string | null;
  releasedAmount: number;
  refundedAmount: number;
  buyerName: string;
  sellerName: string;
  /** Whose page it is: the sentence tells each what happens next for them. */
  viewer: 'buyer' | 'seller';
};

/** What the status means for the viewer, in one or two sentences (docs/orders.md). */
export function orderStatusSentence(input: SentenceInput): string {
  const { status, amount, refundReason, payout, releaseAt, viewer, buyerName, sellerName } = input;
  const buyer = viewer === 'buyer';
  const held = payout === 'held';
  // What went back to the buyer: the ledger's sum once there is one, else the whole payment.
  const refunded = formatMoney(input.refundedAmount > 0 ? input.refundedAmount : amount);
  switch (status) {
    case 'pending':
      return 'Waiting for the payment. Nothing is charged until you pay.';
    case 'expired':
      return 'This checkout expired before it was paid. Nothing was charged.';
    case 'paid':
      if (!held) return 'Paid. Arrange the pickup below.';
      return buyer
        ? `Paid, and held by Good Space. ${sellerName} is paid when you collect the piece.`
        : `Paid, and held by Good Space. You are paid when ${buyerName} collects the piece.`;
    case 'collected': {
      const until = releaseAt ? formatDeadline(releaseAt) : 'the end of the 48 hours';
      return buyer
        ? `${sellerName} marked the piece collected. You have until ${until} to report a problem; then ${sellerName} is paid.`
        : `You marked the piece collected. ${buyerName} has until ${until} to report a problem; then you are paid.`;
    }
    case 'disputed':
      return buyer
        ? 'You reported a problem. Good Space holds the payment and decides how it is split.'
        : `${buyerName} reported a problem. Good Space holds the payment and decides how it is split.`;
    case 'completed':
      if (buyer) return 'Completed. Enjoy your piece!';
      return held && input.releasedAmount > 0
        ? `Completed. You are paid ${formatMoney(input.releasedAmount)}.`
        : 'Completed. The buyer has the piece.';
    case 'refused':
      return buyer
        ? `You refused the piece at pickup and your payment of ${refunded} was refunded.`
        : `${buyerName} refused the piece at pickup and their payment of ${refunded} was refunded. The piece is back with you, delisted until you edit it.`;
    case 'cancelled':
      if (refundReason === 'buyer_no_show')
        return buyer
          ? `You missed two pickup times, so ${sellerName} cancelled the order. Your payment of ${refunded} was refunded.`
          : `You cancelled after ${buyerName} missed two pickup times. Their payment of ${refunded} was refunded.`;
      if (refundReason === 'seller_no_show')
        return buyer
          ? `You cancelled after ${sellerName} missed a pickup time. Your payment of ${refunded} was refunded.`
          : `${buyerName} cancelled after you missed a pickup time. Their payment of ${refunded} was refunded.`;
      return buyer
        ? `This order was cancelled and your payment of ${refunded} was refunded.`
        : `You cancelled this order and the buyer's payment of ${refunded} was refunded.`;
    case 'refunded':
      if (refundReason === 'already_sold')
        return buyer
          ? `Someone else bought this piece a moment before you. Your payment of ${refunded} has been refunded.`
          : `Another buyer paid first, so this payment of ${refunded} was refunded.`;
      if (refundReason === 'problem')
        return buyer
          ? `Good Space decided the problem you reported: your payment of ${refunded} was refunded.`
          : `Good Space decided the problem ${buyerName} reported: their payment of ${refunded} was refunded.`;
      if (refundReason === 'chargeback')
        return buyer
          ? `Your card's bank gave your payment of ${refunded} back.`
          : `The card's bank gave the buyer's payment of ${refunded} back (a chargeback).`;
      return buyer ? `Your payment of ${refunded} has been refunded.` : `The payment of ${refunded} was refunded.`;
  }
}
