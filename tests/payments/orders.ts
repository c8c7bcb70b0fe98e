import { sql } from '@good-space/local-supabase/testing';

// What the held orders' payment tests read and set up (docs/payments.md, "Good Stuff orders and seller payouts"):
// a piece for sale, the order's money columns, its ledger (public.order_payments) and who was told what.

/** A piece of the seller's for sale at `price`. */
export async function piece(sellerId: string, title: string, price: number): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     values ($1, $2, 'A piece from the held orders tests', 'lighting', $3, 'good') returning id`,
    [sellerId, title, price],
  );
  return row!.id;
}

export async function orderRow(id: string) {
  const [row] = await sql<{
    status: string;
    payout: string;
    amount: string;
    provider: string;
    payment_intent_id: string | null;
    charge_id: string | null;
    checkout_session_id: string | null;
    refund_reason: string | null;
    released_amount: string;
    refunded_amount: string;
    frozen_at: Date | null;
  }>(
    `select status, payout, amount::text, provider, payment_intent_id, charge_id, checkout_session_id, refund_reason,
            released_amount::text, refunded_amount::text, frozen_at
       from public.orders where id = $1`,
    [id],
  );
  return row!;
}

/** The order's refunds and transfers, oldest first. */
export async function ledger(orderId: string) {
  return await sql<{
    id: string;
    kind: string;
    amount: string;
    status: string;
    reason: string;
    provider_id: string | null;
    note: string | null;
  }>(
    `select id, kind, amount::text, status, reason, provider_id, note
       from public.order_payments where order_id = $1 order by created_at, id`,
    [orderId],
  );
}

export async function pieceRow(id: string) {
  const [row] = await sql<{ status: string; returned_at: Date | null }>(
    `select status, returned_at from public.catalog_items where id = $1`,
    [id],
  );
  return row!;
}

export async function titles(userId: string, kind: string): Promise<string[]> {
  const rows = await sql<{ title: string }>(
    `select title from public.notifications where user_id = $1 and kind = $2 order by created_at`,
    [userId, kind],
  );
  return rows.map((r) => r.title);
}

/** The 48 hours after a handover have passed (time moved in SQL, not waited for). */
export async function releaseDue(orderId: string): Promise<void> {
  await sql(
    `update public.orders set handed_over_at = now() - interval '49 hours', release_at = now() - interval '1 hour'
      where id = $1`,
    [orderId],
  );
}
