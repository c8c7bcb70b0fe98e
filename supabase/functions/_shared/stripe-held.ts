import type Stripe from 'npm:stripe@23.1.0';
import { toCents } from './stripe-market.ts';

// Separate charges and transfers (docs/payments.md): the buyer's or customer's payment is the platform's own
// charge, held; later a transfer out of that very charge pays the connected account, and refunds give parts of it
// back. The design fee (stripe-milestones.ts) and held Good Stuff orders (stripe-market.ts) make the same two
// requests with their own groups, metadata and keys. The idempotency key is always the ledger row's, so a retry
// after a failure between the database and Stripe never moves the money twice.

export interface HeldTransfer {
  /** Dollars as stored (numeric with cents). */
  amount: number | string;
  destination: string;
  transferGroup: string;
  /** The charge the money comes from: the transfer never waits on nor draws from the platform's balance. */
  sourceTransaction: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export async function createHeldTransfer(stripe: Stripe, t: HeldTransfer): Promise<string> {
  const transfer = await stripe.transfers.create(
    {
      amount: toCents(t.amount),
      currency: 'usd',
      destination: t.destination,
      transfer_group: t.transferGroup,
      ...(t.sourceTransaction ? { source_transaction: t.sourceTransaction } : {}),
      metadata: t.metadata,
    },
    { idempotencyKey: t.idempotencyKey },
  );
  return transfer.id;
}

export interface HeldRefund {
  paymentIntentId: string;
  /** Dollars as stored; part or all of what is left of the charge. */
  amount: number | string;
  metadata: Record<string, string>;
  /**
   * Only for a destination charge (the seller already has the money): take it back from them. A held payment has
   * no transfer to reverse: what is refunded is still the platform's.
   */
  reverseTransfer?: boolean;
  idempotencyKey: string;
}

export async function createHeldRefund(stripe: Stripe, r: HeldRefund): Promise<string> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: r.paymentIntentId,
      amount: toCents(r.amount),
      ...(r.reverseTransfer ? { reverse_transfer: true } : {}),
      metadata: r.metadata,
    },
    { idempotencyKey: r.idempotencyKey },
  );
  return refund.id;
}
