import type { Tables } from '@/types/database';

/**
 * An order as the app reads it (public.orders, docs/orders.md): the columns the pages need. Money and status are the
 * database's, never the browser's; payment ids stay out of the pages.
 */
export type Order = Pick<
  Tables<'orders'>,
  | 'id'
  | 'catalog_item_id'
  | 'buyer_id'
  | 'seller_id'
  | 'offer_id'
  | 'item_title'
  | 'item_photo_url'
  | 'amount'
  | 'currency'
  | 'status'
  | 'refund_reason'
  | 'checkout_expires_at'
  | 'paid_at'
  | 'completed_at'
  | 'cancelled_at'
  | 'refunded_at'
  | 'created_at'
  | 'payout'
  | 'handed_over_at'
  | 'release_at'
  | 'refused_at'
  | 'refusal_reason'
  | 'refusal_photos'
  | 'released_amount'
  | 'refunded_amount'
  | 'frozen_at'
>;

// One literal (not joined pieces), so supabase-js types the rows from it.
export const ORDER_COLUMNS =
  'id, catalog_item_id, buyer_id, seller_id, offer_id, item_title, item_photo_url, amount, currency, status, refund_reason, checkout_expires_at, paid_at, completed_at, cancelled_at, refunded_at, created_at, payout, handed_over_at, release_at, refused_at, refusal_reason, refusal_photos, released_amount, refunded_amount, frozen_at';

export type PickupWindow = Pick<
  Tables<'order_pickup_windows'>,
  | 'id'
  | 'proposed_by'
  | 'proposer_role'
  | 'starts_at'
  | 'ends_at'
  | 'status'
  | 'confirmed_at'
  | 'missed_by'
  | 'created_at'
>;
export type PickupAddress = Pick<Tables<'order_pickup_addresses'>, 'address' | 'directions'>;
export type OrderPayment = Pick<
  Tables<'order_payments'>,
  'id' | 'kind' | 'amount' | 'status' | 'reason' | 'created_at' | 'completed_at'
>;
export type OrderProblemStatement = Pick<
  Tables<'order_problem_statements'>,
  'id' | 'problem_id' | 'author_id' | 'author_role' | 'body' | 'photos' | 'created_at'
>;
export type OrderProblem = Pick<
  Tables<'order_problems'>,
  | 'id'
  | 'kind'
  | 'opened_by'
  | 'reason'
  | 'status'
  | 'statements_due_at'
  | 'refund_amount'
  | 'release_amount'
  | 'decision_reason'
  | 'decided_at'
  | 'outcome'
  | 'created_at'
> & { statements: OrderProblemStatement[] };
