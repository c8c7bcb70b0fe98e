import { HttpError } from './http.ts';

// The money ledgers of held payments, the design fee's (milestone_payments) and the orders' (order_payments), are
// carried out the same way (docs/payments.md, "Design fee milestones" and "Good Stuff orders and seller payouts"):
// the database makes a pending refund or transfer row first, then the provider moves the money with the row's id
// as its idempotency key, then the row is marked succeeded. A failure between the two is noted on the row (the
// database holds it back 15 minutes) and the minute job (settle-milestones, settle-orders) tries it again with
// the same key, so the money moves once.

/** What carrying out one pending row came to. */
export type SettleResult = 'succeeded' | 'waiting' | 'failed';

/** One pending refund or transfer, as the ledger's pending-settlements function lists it. */
export interface LedgerSettlement {
  id: string;
  kind: 'refund' | 'transfer';
  provider: 'stripe' | 'sandbox';
  payment_intent_id: string | null;
  /** The payee's connected account when it can be paid now, else null (the transfer waits). */
  destination: string | null;
}

/** Where the outcome of a row is written: the ledger's own succeeded and note functions. */
export interface LedgerBook {
  succeeded(paymentId: string, providerId: string): Promise<unknown>;
  note(paymentId: string, note: string): Promise<void>;
}

/** How the provider moves one row's money; each answers the provider's id of the refund or transfer. */
export interface LedgerMoves<S extends LedgerSettlement> {
  transfer(s: S, destination: string): Promise<string>;
  refund(s: S, paymentIntentId: string): Promise<string>;
}

/**
 * Carries out one pending refund or transfer. A row made with another provider than the one in use waits with a
 * note; a transfer to a payee who cannot be paid yet waits (not noted: a note holds the row back for 15 minutes,
 * and the payee may finish Get paid any moment); a provider failure is noted and the row stays pending. Never
 * throws for those: the database step before it has happened and is what the caller answers.
 */
export async function carryOutLedgerRow<S extends LedgerSettlement>(
  label: string,
  book: LedgerBook,
  providerKind: 'stripe' | 'sandbox',
  s: S,
  moves: LedgerMoves<S>,
): Promise<SettleResult> {
  if (s.provider !== providerKind) {
    await book.note(s.id, `wrong_provider: made with ${s.provider}, ${providerKind} is in use here`);
    return 'waiting';
  }
  try {
    let providerId: string;
    if (s.kind === 'transfer') {
      if (!s.destination) return 'waiting';
      providerId = await moves.transfer(s, s.destination);
    } else {
      if (!s.payment_intent_id) throw new Error(`refund ${s.id} has no payment intent`);
      providerId = await moves.refund(s, s.payment_intent_id);
    }
    await book.succeeded(s.id, providerId);
    return 'succeeded';
  } catch (err) {
    const why =
      err instanceof HttpError ? `${err.code ?? 'provider_error'}: ${err.message}` : `provider_error: ${String(err)}`;
    console.error(`${label}: ${s.kind} ${s.id} not carried out yet:`, err);
    await book.note(s.id, why).catch((e) => console.error(`${label}: noting failed:`, e));
    return 'failed';
  }
}
