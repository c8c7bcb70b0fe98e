import type pg from 'pg';
import { expect } from 'vitest';
import { asActor, user, type Outcome } from './pg.ts';
import { SERVICE } from './milestones.ts';

/**
 * Buyer protection's test steps (docs/orders.md), shared by the buyer-protection-*.test.ts files: a seller who can
 * be paid, a piece, a held order paid through the service-role functions as the edge functions call them, pickup
 * windows placed in time (written as the table's owner, so a window can already have ended), photos in
 * order-photos, and reading rows back as the table's owner.
 */
export interface Order {
  id: string;
  catalog_item_id: string | null;
  buyer_id: string | null;
  seller_id: string | null;
  item_title: string;
  amount: string;
  status: string;
  payout: string;
  charge_id: string | null;
  payment_intent_id: string | null;
  release_at: Date | null;
  handed_over_at: Date | null;
  refunded_amount: string;
  released_amount: string;
  refund_reason: string | null;
  frozen_at: Date | null;
  [k: string]: unknown;
}

export interface OrderPayment {
  id: string;
  order_id: string;
  kind: string;
  amount: string;
  status: string;
  reason: string;
  provider: string;
  provider_id: string | null;
  note: string | null;
  [k: string]: unknown;
}

export interface Window {
  id: string;
  order_id: string;
  proposer_role: string;
  status: string;
  starts_at: Date;
  ends_at: Date;
  missed_by: string | null;
  [k: string]: unknown;
}

export function orderSteps(c: pg.Client) {
  const svc = (sql: string, params: unknown[] = [], conn = c): Promise<Outcome> => asActor(conn, SERVICE, sql, params);
  const as = (who: string, sql: string, params: unknown[] = [], conn = c): Promise<Outcome> =>
    asActor(conn, user(who), sql, params);

  /** Get paid set up in the sandbox: the seller can take payments and transfers. */
  async function payable(who: string): Promise<string> {
    const id =
      'acct_sandbox_' +
      [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(await svc(`select public.seller_account_save($1, 'sandbox', $2)`, [who, id])).toMatchObject({ ok: true });
    expect(
      await svc(`select public.seller_account_update($1, true, true, true, true, '{}', null)`, [id]),
    ).toMatchObject({ ok: true });
    return id;
  }

  /** A listed piece of `seller`, without photos. */
  async function piece(seller: string, price = 260, title = 'Brass arc floor lamp'): Promise<string> {
    return (
      await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, condition)
         values ($1, $2, 'Rewired, heavy marble base', 'lighting', $3, 'very_good') returning id`,
        [seller, title, price],
      )
    ).rows[0]!.id;
  }

  /** Buy Now as buy-now and the webhook call it: opened, then paid with its payment intent and charge. */
  async function paidOrder(buyer: string, item: string, conn = c): Promise<Order> {
    const opened = await svc(`select public.order_open($1, $2, 'sandbox') as r`, [buyer, item], conn);
    expect(opened).toMatchObject({ ok: true });
    const id = (opened.rows[0]!.r as { order: { id: string } }).order.id;
    const tag = id.replaceAll('-', '');
    const paid = await svc(
      `select public.order_mark_paid($1, $2, $3) as r`,
      [id, `pi_sandbox_${tag}`, `ch_sandbox_${tag}`],
      conn,
    );
    expect(paid.rows[0]!.r).toMatchObject({ outcome: 'paid' });
    return order(id);
  }

  async function order(id: string): Promise<Order> {
    return (await c.query<Order>(`select * from public.orders where id = $1`, [id])).rows[0]!;
  }

  async function payments(orderId: string): Promise<OrderPayment[]> {
    return (
      await c.query<OrderPayment>(`select * from public.order_payments where order_id = $1 order by created_at, kind`, [
        orderId,
      ])
    ).rows;
  }

  async function windows(orderId: string): Promise<Window[]> {
    return (
      await c.query<Window>(`select * from public.order_pickup_windows where order_id = $1 order by starts_at, id`, [
        orderId,
      ])
    ).rows;
  }

  /**
   * A window placed in time (hours from now), as offer_pickup_windows and confirm_pickup_window leave it; written as
   * the table's owner so that it can already have ended.
   */
  async function windowAt(
    orderId: string,
    startsInHours: number,
    status: 'proposed' | 'confirmed' = 'confirmed',
    proposer: 'buyer' | 'seller' = 'seller',
    lengthHours = 1,
  ): Promise<Window> {
    return (
      await c.query<Window>(
        `insert into public.order_pickup_windows (order_id, proposer_role, starts_at, ends_at, status, confirmed_at)
         values ($1, $2, now() + make_interval(secs => $3::float8 * 3600), now() + make_interval(secs => ($3::float8 + $4::float8) * 3600),
                 $5, case when $5 = 'confirmed' then now() end)
         returning *`,
        [orderId, proposer, startsInHours, lengthHours, status],
      )
    ).rows[0]!;
  }

  /** The seller marks it collected; the 48 hours then moved `hoursAgo` into the past. */
  async function collected(seller: string, orderId: string, hoursAgo = 0): Promise<Order> {
    expect(await as(seller, `select public.mark_order_collected($1)`, [orderId])).toMatchObject({ ok: true });
    if (hoursAgo > 0) {
      await c.query(
        `update public.orders set handed_over_at = handed_over_at - make_interval(secs => $2::float8 * 3600),
                release_at = release_at - make_interval(secs => $2::float8 * 3600) where id = $1`,
        [orderId, hoursAgo],
      );
    }
    return order(orderId);
  }

  /** A file in order-photos, as if uploaded by `owner` (Storage writes the row). */
  async function photo(orderId: string, owner: string, name = 'scratch.webp'): Promise<string> {
    const path = `${orderId}/${name}`;
    await c.query(
      `insert into storage.objects (bucket_id, name, owner_id) values ('order-photos', $1, $2) on conflict do nothing`,
      [path, owner],
    );
    return path;
  }

  async function notifications(orderId: string, kind?: string) {
    return (
      await c.query<{
        user_id: string;
        kind: string;
        title: string;
        body: string | null;
        actor_id: string | null;
        link: string;
      }>(
        `select user_id, kind, title, body, actor_id, link from public.notifications
          where link = $1 and ($2::text is null or kind = $2) order by created_at, kind, user_id`,
        ['/orders/' + orderId, kind ?? null],
      )
    ).rows;
  }

  return { svc, as, payable, piece, paidOrder, order, payments, windows, windowAt, collected, photo, notifications };
}
