import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { waitFor } from '@good-space/local-supabase/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createUser, deleteUsers, type Outcome } from './support/pg.ts';
import { orderSteps, type Order, type OrderPayment } from './support/orders.ts';

/**
 * Buyer protection, the money (docs/orders.md): a held payment paid with its charge; the buyer's Collected (a
 * pending transfer), the refusal at pickup and the cancellations (a pending refund of all of it) through the
 * service-role functions as the edge functions call them; the pending ledger the edge functions settle; the
 * release after 48 hours and the pickup reminders with time moved in SQL; chargebacks freezing an order; the
 * operators' queue, detail and decision; races decided by the order's lock; and the minute job's check for work.
 */
let c: pg.Client;
const conns: pg.Client[] = [];
let seller: string;
let buyer: string;
let outsider: string;
let operator: string;
let people: string[] = [];
let s: ReturnType<typeof orderSteps>;

beforeAll(async () => {
  c = await connect();
  for (let i = 0; i < 2; i++) conns.push(await connect());
  s = orderSteps(c);
  seller = await createUser(c, { role: 'designer', fullName: 'Jordan Seller', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Maya Buyer', subscribe: 'client' });
  outsider = await createUser(c, { role: 'customer', fullName: 'Otto Outside', subscribe: 'client' });
  operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
  people = [seller, buyer, outsider, operator];
  await s.payable(seller);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await Promise.all([c, ...conns].map((x) => x.end()));
});

async function freshOrder(title = 'Brass arc floor lamp', price = 260): Promise<Order> {
  return s.paidOrder(buyer, await s.piece(seller, price, title));
}
const result = (r: Outcome) => {
  expect(r).toMatchObject({ ok: true });
  return r.rows[0]!.r as { order: Order; transfer?: OrderPayment | null; refund?: OrderPayment | null };
};
const collect = (who: string, id: string, conn = c) =>
  s.svc(`select public.order_collect($1, $2) as r`, [who, id], conn);
const refuse = (who: string, id: string, reason = 'The shade is cracked', photos: string[] = [], conn = c) =>
  s.svc(`select public.order_refuse($1, $2, $3, $4) as r`, [who, id, reason, photos], conn);
const cancel = (who: string, id: string) => s.svc(`select public.order_cancel($1, $2) as r`, [who, id]);
const settlements = async () =>
  (await s.svc(`select public.order_pending_settlements(500) as r`)).rows[0]!.r as {
    id: string;
    order_id: string;
    kind: string;
    amount: number;
    reason: string;
    payout: string;
    payment_intent_id: string;
    charge_id: string;
    destination: string | null;
  }[];

describe('paid', () => {
  it('stores the charge, holds the payout; the seller and the buyer are told how it works; a replay is a duplicate', async () => {
    const o = await freshOrder('Walnut desk');
    expect(o).toMatchObject({ status: 'paid', payout: 'held', released_amount: '0.00', refunded_amount: '0.00' });
    expect(o.charge_id).toBe(`ch_sandbox_${o.id.replaceAll('-', '')}`);
    const again = await s.svc(`select public.order_mark_paid($1, 'pi_other', 'ch_other') as r`, [o.id]);
    expect(again.rows[0]!.r).toMatchObject({ outcome: 'duplicate' });
    expect((await s.order(o.id)).charge_id).toBe(o.charge_id);
    expect(await s.notifications(o.id)).toMatchObject([
      {
        kind: 'order_paid',
        user_id: seller,
        body: "Offer pickup times on the order's page. You are paid when Maya Buyer collects it.",
      },
      {
        kind: 'order_receipt',
        user_id: buyer,
        body: 'Good Space holds it until you collect the piece; Jordan Seller is paid then.',
      },
    ]);
    // The two-argument form is gone; the service role's only.
    expect(await s.svc(`select public.order_mark_paid($1, 'pi_x')`, [o.id])).toMatchObject({ ok: true });
    expect(await s.as(buyer, `select public.order_mark_paid($1, 'pi_x', 'ch_x')`, [o.id])).toMatchObject({
      code: '42501',
    });
  });
});

describe('collected, refused, cancelled', () => {
  it('Collected, all good: a pending transfer of what is held, completed, the seller told; once; the buyer only', async () => {
    const o = await freshOrder();
    expect(await collect(seller, o.id)).toMatchObject({
      code: '42501',
      message: 'Only the buyer confirms the piece was collected',
    });
    expect(await collect(outsider, o.id)).toMatchObject({ code: 'P0002', message: 'Order not found' });
    const r = result(await collect(buyer, o.id));
    expect(r.order).toMatchObject({ status: 'completed', released_amount: 260, refunded_amount: 0 });
    expect(r.transfer).toMatchObject({ kind: 'transfer', amount: 260, reason: 'release', status: 'pending' });
    expect(await s.payments(o.id)).toHaveLength(1);
    expect(await collect(buyer, o.id)).toMatchObject({
      code: '55000',
      message: 'This order is already complete, so it cannot be confirmed as collected.',
    });
    expect(await s.notifications(o.id, 'order_completed')).toEqual([
      {
        user_id: seller,
        kind: 'order_completed',
        actor_id: buyer,
        title: 'Maya Buyer collected "Brass arc floor lamp": the sale is complete',
        body: 'Good Space is paying you $260.',
        link: `/orders/${o.id}`,
      },
    ]);
  });

  it('a legacy order (destination) completes without a transfer: the seller already has it', async () => {
    const o = await freshOrder('Legacy lamp');
    await c.query(`update public.orders set payout = 'destination' where id = $1`, [o.id]);
    const r = result(await collect(buyer, o.id));
    expect(r.transfer).toBeNull();
    expect(r.order).toMatchObject({ status: 'completed', released_amount: 260 });
  });

  it('refused at pickup: a refund of everything, the piece delisted and returned, project items no longer bought', async () => {
    const o = await freshOrder('Cane chair', 180);
    const project = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, space_size, budget, budget_type, status)
         values ($1, 'Reading nook', 'A quiet corner', 'Austin', 120, 2000, 'soft', 'pending') returning id`,
        [buyer],
      )
    ).rows[0]!.id;
    await c.query(
      `insert into public.project_items (project_id, catalog_item_id, name, cost, added_by, bought_at, order_id)
       values ($1, $2, 'Cane chair', 180, $4, now(), $3)`,
      [project, o.catalog_item_id, o.id, buyer],
    );
    const w = await s.windowAt(o.id, -0.25);
    const photo = await s.photo(o.id, buyer, 'crack.webp');
    expect(await refuse(seller, o.id)).toMatchObject({ code: '42501' });
    expect(await refuse(buyer, o.id, ' ')).toMatchObject({ code: '23514' });
    const r = result(await refuse(buyer, o.id, 'The seat is torn', [photo]));
    expect(r.order).toMatchObject({
      status: 'refused',
      refund_reason: 'refused',
      refunded_amount: 180,
      refusal_reason: 'The seat is torn',
      refusal_photos: [photo],
    });
    expect(r.refund).toMatchObject({ kind: 'refund', amount: 180, reason: 'refused', status: 'pending' });
    expect(
      (
        await c.query(`select status, returned_at is not null as returned from public.catalog_items where id = $1`, [
          o.catalog_item_id,
        ])
      ).rows[0],
    ).toEqual({ status: 'delisted', returned: true });
    expect(
      (await c.query(`select bought_at, order_id from public.project_items where project_id = $1`, [project])).rows,
    ).toEqual([{ bought_at: null, order_id: null }]);
    expect((await s.windows(o.id)).find((x) => x.id === w.id)!.status).toBe('kept');
    expect(await s.notifications(o.id, 'order_refused')).toMatchObject([
      {
        user_id: seller,
        actor_id: buyer,
        title: 'Maya Buyer refused "Cane chair" at pickup',
        body: 'The seat is torn',
      },
    ]);
    expect(await refuse(buyer, o.id)).toMatchObject({ code: '55000' });
    await c.query(`delete from public.projects where id = $1`, [project]);
  });

  it('cancel: the seller always (buyer_no_show after two missed windows), the buyer after the seller missed one', async () => {
    const a = await freshOrder('Oak stool', 90);
    expect(await cancel(buyer, a.id)).toMatchObject({
      code: '42501',
      message: 'You can cancel once the seller has missed a confirmed pickup time.',
    });
    expect(await cancel(outsider, a.id)).toMatchObject({ code: 'P0002' });
    const byseller = result(await cancel(seller, a.id));
    expect(byseller.order).toMatchObject({
      status: 'cancelled',
      refund_reason: 'seller_cancelled',
      refunded_amount: 90,
    });
    expect(byseller.refund).toMatchObject({ kind: 'refund', amount: 90, reason: 'seller_cancelled' });
    expect(
      (await c.query(`select status from public.catalog_items where id = $1`, [a.catalog_item_id])).rows[0],
    ).toEqual({
      status: 'available',
    });
    expect(await s.notifications(a.id, 'order_cancelled')).toMatchObject([
      { user_id: buyer, actor_id: seller, body: 'Your payment of $90 goes back to your card.' },
    ]);

    const b = await freshOrder('Pine stool', 95);
    for (const hours of [-30, -5]) {
      const w = await s.windowAt(b.id, hours);
      await c.query(`update public.order_pickup_windows set status = 'missed', missed_by = 'buyer' where id = $1`, [
        w.id,
      ]);
    }
    expect(result(await cancel(seller, b.id)).order).toMatchObject({ refund_reason: 'buyer_no_show' });

    const d = await freshOrder('Elm stool', 85);
    const missed = await s.windowAt(d.id, -4);
    expect(await s.as(buyer, `select public.report_pickup_no_show($1)`, [missed.id])).toMatchObject({ ok: true });
    expect(result(await cancel(buyer, d.id)).order).toMatchObject({
      status: 'cancelled',
      refund_reason: 'seller_no_show',
    });
    expect(await s.notifications(d.id, 'order_cancelled')).toMatchObject([
      {
        user_id: seller,
        actor_id: buyer,
        title: 'Maya Buyer cancelled the order of "Elm stool" after a missed pickup',
      },
    ]);

    const e = await freshOrder('Ash stool', 70);
    await s.collected(seller, e.id);
    expect(await cancel(seller, e.id)).toMatchObject({
      code: '55000',
      message: 'The piece was handed over: report a problem instead.',
    });
  });
});

describe('the ledger', () => {
  it('pending refunds and transfers are listed with what the provider needs; made once; noted ones wait 15 minutes', async () => {
    const o = await freshOrder('Teak sideboard', 640);
    const transfer = result(await collect(buyer, o.id)).transfer!;
    const listed = (await settlements()).find((x) => x.id === transfer.id);
    expect(listed).toMatchObject({
      kind: 'transfer',
      amount: 640,
      reason: 'release',
      order_id: o.id,
      payout: 'held',
      payment_intent_id: o.payment_intent_id,
      charge_id: o.charge_id,
    });
    expect(listed!.destination).toMatch(/^acct_sandbox_/);
    await s.svc(`select public.order_payment_note($1, 'The provider is down')`, [transfer.id]);
    expect((await settlements()).map((x) => x.id)).not.toContain(transfer.id);
    await c.query(`update public.order_payments set retry_after = now() - interval '1 second' where id = $1`, [
      transfer.id,
    ]);
    expect((await settlements()).map((x) => x.id)).toContain(transfer.id);
    const made = await s.svc(`select (public.order_payment_succeeded($1, 'tr_sandbox_1')).status as r`, [transfer.id]);
    expect(made.rows[0]!.r).toBe('succeeded');
    await s.svc(`select public.order_payment_succeeded($1, 'tr_sandbox_2')`, [transfer.id]);
    expect((await s.payments(o.id))[0]).toMatchObject({ status: 'succeeded', provider_id: 'tr_sandbox_1', note: null });
    expect((await settlements()).map((x) => x.id)).not.toContain(transfer.id);
    for (const fn of [
      `select public.order_pending_settlements()`,
      `select public.orders_settle_due()`,
      `select public.order_collect('${buyer}', '${o.id}')`,
    ]) {
      expect(await s.as(buyer, fn)).toMatchObject({ code: '42501' });
    }
  });
});

describe('the release after 48 hours and the reminders', () => {
  it('completes collected orders past release_at with a pending transfer; not before, not a disputed one', async () => {
    const due = await freshOrder('Due lamp', 120);
    await s.collected(seller, due.id, 49);
    const early = await freshOrder('Early lamp', 130);
    await s.collected(seller, early.id, 47);
    const disputed = await freshOrder('Disputed lamp', 140);
    await s.collected(seller, disputed.id, 1);
    await s.as(buyer, `select public.report_order_problem($1, 'Bent')`, [disputed.id]);
    await c.query(`update public.orders set release_at = now() - interval '1 hour' where id = $1`, [disputed.id]);

    const run = (await s.svc(`select public.orders_settle_due() as r`)).rows[0]!.r as { released: number };
    expect(run.released).toBeGreaterThanOrEqual(1);
    expect(await s.order(due.id)).toMatchObject({ status: 'completed', released_amount: '120.00' });
    expect(await s.payments(due.id)).toMatchObject([{ kind: 'transfer', amount: '120.00', reason: 'auto_release' }]);
    expect((await s.order(early.id)).status).toBe('collected');
    expect((await s.order(disputed.id)).status).toBe('disputed');
    expect(await s.notifications(due.id, 'order_completed')).toMatchObject([
      {
        user_id: seller,
        actor_id: null,
        title: 'The sale of "Due lamp" is complete',
        body: '48 hours passed without a problem, so Good Space is paying you $120.',
      },
    ]);
    const again = (await s.svc(`select public.orders_settle_due() as r`)).rows[0]!.r as { released: number };
    expect(again.released).toBe(0);
  });

  it('reminds both parties a day before and two hours before, once each; inside two hours only the second', async () => {
    const day = await freshOrder('Day lamp', 100);
    const dayWindow = await s.windowAt(day.id, 20);
    const soon = await s.windowAt((await freshOrder('Soon lamp', 100)).id, 1.5);
    const far = await s.windowAt((await freshOrder('Far lamp', 100)).id, 30);
    const first = (await s.svc(`select public.orders_settle_due() as r`)).rows[0]!.r as { reminded: number };
    expect(first.reminded).toBeGreaterThanOrEqual(2);
    const reminders = async (orderId: string) =>
      (await s.notifications(orderId, 'pickup_reminder'))
        .map((n) => [n.user_id === buyer ? 'buyer' : 'seller', n.title])
        .sort();
    expect(await reminders(day.id)).toEqual(
      [
        ['buyer', 'Pickup of "Day lamp" within a day'],
        ['seller', 'Pickup of "Day lamp" within a day'],
      ].sort(),
    );
    expect(await reminders(soon.order_id)).toEqual(
      [
        ['buyer', 'Pickup of "Soon lamp" within two hours'],
        ['seller', 'Pickup of "Soon lamp" within two hours'],
      ].sort(),
    );
    expect(await reminders(far.order_id)).toEqual([]);
    expect((await s.svc(`select public.orders_settle_due() as r`)).rows[0]!.r).toMatchObject({ reminded: 0 });
    // Time passes: the day window is now two hours away.
    await c.query(
      `update public.order_pickup_windows set starts_at = now() + interval '90 minutes', ends_at = now() + interval '150 minutes'
        where id = $1`,
      [dayWindow.id],
    );
    await s.svc(`select public.orders_settle_due()`);
    expect((await reminders(day.id)).length).toBe(4);
  });
});

describe('chargebacks', () => {
  it('freeze the order (nothing moves), show as a chargeback, tell the seller; won: unfrozen', async () => {
    const o = await freshOrder('Frozen lamp', 300);
    const opened = (
      await s.svc(`select public.order_chargeback_opened($1, 'du_won', 'fraudulent') as r`, [o.payment_intent_id])
    ).rows[0]!.r as { outcome: string; order: Order };
    expect(opened.outcome).toBe('frozen');
    expect(opened.order.frozen_at).not.toBeNull();
    expect(
      (await s.svc(`select public.order_chargeback_opened($1, 'du_won', 'x') as r`, [o.payment_intent_id])).rows[0]!.r,
    ).toMatchObject({ outcome: 'duplicate' });
    expect(
      (await s.svc(`select public.order_chargeback_opened('pi_nobody', 'du_none', 'x') as r`)).rows[0]!.r,
    ).toMatchObject({ outcome: 'unknown' });
    const frozen = "A chargeback froze this order's payment until the bank decides.";
    expect(await collect(buyer, o.id)).toMatchObject({ code: '55000', message: frozen });
    expect(await cancel(seller, o.id)).toMatchObject({ code: '55000', message: frozen });
    expect(await s.as(seller, `select public.mark_order_collected($1)`, [o.id])).toMatchObject({ code: '55000' });
    expect(await s.notifications(o.id, 'order_chargeback')).toMatchObject([
      { user_id: seller, title: 'The card\'s bank is disputing the payment for "Frozen lamp"' },
    ]);
    const closed = (await s.svc(`select public.order_chargeback_closed('du_won', true) as r`)).rows[0]!.r as {
      outcome: string;
      order: Order;
    };
    expect(closed).toMatchObject({ outcome: 'closed', order: { status: 'paid', frozen_at: null } });
    expect((await s.svc(`select public.order_chargeback_closed('du_won', true) as r`)).rows[0]!.r).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await s.svc(`select public.order_chargeback_closed('du_nobody', true) as r`)).rows[0]!.r).toMatchObject({
      outcome: 'unknown',
    });
    expect(result(await collect(buyer, o.id)).order.status).toBe('completed');
  });

  it('lost: what was held counts as refunded, a pending transfer never goes, the frozen order is never listed', async () => {
    const held = await freshOrder('Lost lamp', 210);
    await s.svc(`select public.order_chargeback_opened($1, 'du_lost1', 'fraudulent')`, [held.payment_intent_id]);
    const lost = (await s.svc(`select public.order_chargeback_closed('du_lost1', false) as r`)).rows[0]!.r as {
      order: Order;
    };
    expect(lost.order).toMatchObject({
      status: 'refunded',
      refund_reason: 'chargeback',
      refunded_amount: 210,
      frozen_at: null,
    });

    const paidOut = await freshOrder('Paid-out lamp', 150);
    const t = result(await collect(buyer, paidOut.id)).transfer!;
    await s.svc(`select public.order_chargeback_opened($1, 'du_lost2', 'fraudulent')`, [paidOut.payment_intent_id]);
    expect((await settlements()).map((x) => x.id)).not.toContain(t.id);
    await s.svc(`select public.order_chargeback_closed('du_lost2', false)`);
    expect(await s.order(paidOut.id)).toMatchObject({
      status: 'refunded',
      released_amount: '0.00',
      refunded_amount: '150.00',
      refund_reason: 'chargeback',
    });
    expect(await s.payments(paidOut.id)).toMatchObject([{ id: t.id, status: 'failed' }]);
    expect(
      (await c.query(`select kind, outcome, status from public.order_problems where order_id = $1`, [paidOut.id])).rows,
    ).toEqual([{ kind: 'chargeback', outcome: 'lost', status: 'closed' }]);
  });
});

describe('the operator', () => {
  async function disputedOrder(title: string, price: number): Promise<{ order: Order; problem: string }> {
    const o = await freshOrder(title, price);
    await s.collected(seller, o.id);
    const p = await s.as(buyer, `select (public.report_order_problem($1, 'The shade is cracked')).id as id`, [o.id]);
    await s.as(seller, `select public.add_order_problem_statement($1, 'It left here whole')`, [p.rows[0]!.id]);
    return { order: o, problem: p.rows[0]!.id as string };
  }

  it('reads the queue (open first, oldest first, keyset) and one problem with everything; nobody else does', async () => {
    const a = await disputedOrder('Queue lamp A', 200);
    const b = await disputedOrder('Queue lamp B', 220);
    for (const sql of [
      `select * from public.order_problem_queue()`,
      `select public.order_problem_detail('${a.problem}')`,
      `select public.decide_order_problem('${a.problem}', 100, 100, 'Split')`,
    ]) {
      expect(await s.as(buyer, sql)).toMatchObject({ code: '42501', message: 'Only Good Space operators can do this' });
    }
    const queue = await s.as(operator, `select *, created_at::text as at from public.order_problem_queue(100)`);
    const mine = queue.rows.filter((r) => [a.problem, b.problem].includes(r.id as string));
    expect(mine).toMatchObject([
      {
        id: a.problem,
        kind: 'problem',
        status: 'open',
        order_id: a.order.id,
        item_title: 'Queue lamp A',
        buyer_name: 'Maya Buyer',
        seller_name: 'Jordan Seller',
        amount: '200.00',
        held: '200.00',
        reason: 'The shade is cracked',
        statements: 2,
      },
      { id: b.problem },
    ]);
    const first = queue.rows.find((r) => r.id === a.problem)!;
    const next = await s.as(operator, `select id from public.order_problem_queue(100, $1, $2)`, [first.at, a.problem]);
    expect(next.rows.map((r) => r.id)).toContain(b.problem);
    expect(next.rows.map((r) => r.id)).not.toContain(a.problem);

    const detail = (await s.as(operator, `select public.order_problem_detail($1) as r`, [a.problem])).rows[0]!.r as {
      problem: { id: string };
      buyer: { id: string; name: string };
      seller: { id: string; name: string };
      statements: { role: string; body: string; author_name: string }[];
      windows: unknown[];
      payments: unknown[];
      held: number;
    };
    expect(detail).toMatchObject({
      problem: { id: a.problem },
      buyer: { id: buyer, name: 'Maya Buyer' },
      seller: { id: seller, name: 'Jordan Seller' },
      statements: [
        { role: 'buyer', body: 'The shade is cracked', author_name: 'Maya Buyer' },
        { role: 'seller', body: 'It left here whole', author_name: 'Jordan Seller' },
      ],
      payments: [],
      held: 200,
    });
  });

  it('an operator who is a party neither sees nor decides it', async () => {
    await c.query('insert into private.operators (user_id) values ($1)', [seller]);
    try {
      const { problem } = await disputedOrder('Own lamp', 90);
      expect(
        (await s.as(seller, `select id from public.order_problem_queue(100)`)).rows.map((r) => r.id),
      ).not.toContain(problem);
      for (const sql of [
        `select public.order_problem_detail('${problem}')`,
        `select public.decide_order_problem('${problem}', 0, 90, 'Mine')`,
      ]) {
        expect(await s.as(seller, sql)).toMatchObject({
          code: '42501',
          message: 'You cannot handle a problem with your own order',
        });
      }
    } finally {
      await c.query('delete from private.operators where user_id = $1', [seller]);
    }
  });

  it('decides a split that adds up to what is held: a refund and a transfer, both told, logged; once', async () => {
    const { order: o, problem } = await disputedOrder('Split lamp', 260);
    const decide = (refund: number, release: number, reason = 'The shade was cracked in transit') =>
      s.as(operator, `select public.decide_order_problem($1, $2, $3, $4) as r`, [problem, refund, release, reason]);
    expect(await decide(100, 100)).toMatchObject({
      code: '23514',
      message: 'The refund and the payout must add up to the $260.00 held',
    });
    expect(await decide(-10, 270)).toMatchObject({ code: '23514' });
    expect(await decide(100.005, 159.995)).toMatchObject({ code: '23514' });
    expect(await decide(100, 160, ' ')).toMatchObject({ code: '23514' });
    const r = (await decide(100, 160)).rows[0]!.r as {
      problem: { status: string; refund_amount: number; release_amount: number };
      order: Order;
      refund: OrderPayment;
      transfer: OrderPayment;
    };
    expect(r.problem).toMatchObject({ status: 'decided', refund_amount: 100, release_amount: 160 });
    expect(r.order).toMatchObject({
      status: 'completed',
      refunded_amount: 100,
      released_amount: 160,
      refund_reason: 'problem',
    });
    expect(r.refund).toMatchObject({ kind: 'refund', amount: 100, reason: 'problem', status: 'pending' });
    expect(r.transfer).toMatchObject({ kind: 'transfer', amount: 160, reason: 'problem', status: 'pending' });
    const said =
      'Good Space refunded $100 to Maya Buyer and paid $160 to Jordan Seller: The shade was cracked in transit';
    expect(await s.notifications(o.id, 'order_problem_decided')).toMatchObject(
      [
        { user_id: buyer, body: said, actor_id: operator },
        { user_id: seller, body: said, actor_id: operator },
      ].sort((x, y) => (x.user_id < y.user_id ? -1 : 1)),
    );
    expect(await s.notifications(o.id, 'order_completed')).toEqual([]);
    expect(
      (
        await c.query(
          `select action, target_user_id, reason from public.moderation_actions where operator_id = $1 and subject_id = $2`,
          [operator, o.catalog_item_id],
        )
      ).rows,
    ).toEqual([{ action: 'decide_order_problem', target_user_id: seller, reason: 'The shade was cracked in transit' }]);
    expect(await decide(100, 160)).toMatchObject({ code: '55000', message: 'This problem is already decided.' });
  });

  it('a refund of everything leaves the order refunded (reason problem), with no transfer', async () => {
    const { order: o, problem } = await disputedOrder('Refund lamp', 75.5);
    const r = (
      await s.as(operator, `select public.decide_order_problem($1, 75.5, 0, 'Not as described') as r`, [problem])
    ).rows[0]!.r as { order: Order; transfer: OrderPayment | null };
    expect(r.order).toMatchObject({ status: 'refunded', refund_reason: 'problem', refunded_amount: 75.5 });
    expect(r.transfer).toBeNull();
    expect((await s.payments(o.id)).map((p) => [p.kind, p.amount])).toEqual([['refund', '75.50']]);
  });
});

describe('races', () => {
  it('collect and refuse at once: exactly one wins, the money moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await freshOrder(`Raced lamp ${round}`, 110);
      const [collected, refused] = await Promise.all([
        collect(buyer, o.id, conns[0]),
        refuse(buyer, o.id, 'No', [], conns[1]),
      ]);
      expect([collected.ok, refused.ok].filter(Boolean)).toHaveLength(1);
      for (const r of [collected, refused].filter((x) => !x.ok)) expect(r.code).toBe('55000');
      const after = await s.order(o.id);
      const rows = await s.payments(o.id);
      expect(rows).toHaveLength(1);
      if (collected.ok) expect([after.status, rows[0]!.kind]).toEqual(['completed', 'transfer']);
      else expect([after.status, rows[0]!.kind]).toEqual(['refused', 'refund']);
    }
  });

  it('two collects at once: one transfer', async () => {
    const o = await freshOrder('Twice lamp', 50);
    const results = await Promise.all([collect(buyer, o.id, conns[0]), collect(buyer, o.id, conns[1])]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: '55000' });
    expect(await s.payments(o.id)).toHaveLength(1);
  });
});

describe('the minute job', () => {
  it('posts to settle-orders with the service key only when there is work', async () => {
    const posted: { url: string; auth: string | undefined }[] = [];
    const server = http.createServer((req, res) => {
      posted.push({ url: `${req.method} ${req.url}`, auth: req.headers.authorization });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // Whatever the other tests (and the seed) left due is settled here first, so "no work" is this database's state.
      await c.query(
        `update public.order_payments set status = 'failed', completed_at = now() where status = 'pending'`,
      );
      await c.query(`update public.order_pickup_windows set reminded_day_at = now(), reminded_2h_at = now()
                      where status = 'confirmed'`);
      await c.query(`update public.orders set release_at = now() + interval '1 day' where status = 'collected'`);
      await c.query(
        `insert into private.settings (name, value) values ('project_url', $1), ('service_role_key', 'test-key')
         on conflict (name) do update set value = excluded.value`,
        [`http://127.0.0.1:${port}`],
      );
      const request = async () =>
        (await c.query(`select private.request_order_settlement() as id`)).rows[0]!.id as string | null;
      expect(await request()).toBeNull();
      // A refund to make: the job posts.
      await cancel(seller, (await freshOrder('Job lamp', 40)).id);
      expect(await request()).not.toBeNull();
      await waitFor(() => posted.length > 0, 'the settle-orders request');
      expect(posted[0]).toEqual({ url: 'POST /functions/v1/settle-orders', auth: 'Bearer test-key' });
      expect((await c.query(`select schedule, command from cron.job where jobname = 'settle-orders'`)).rows).toEqual([
        { schedule: '* * * * *', command: 'select private.request_order_settlement()' },
      ]);
    } finally {
      await c.query(`delete from private.settings where name in ('project_url', 'service_role_key')`);
      server.close();
    }
  });
});
