import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderPage } from '@/app/routes/orders/order';
import {
  authUser,
  functionUrl,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
} from '@/testing/supabase-http';
import { answerRealtime } from '@/testing/supabase-realtime';
import { findToast, renderApp } from '@/testing/render-app';
import { anOrder } from '@/testing/factories';

vi.setConfig({ testTimeout: 30_000 });

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const SELLER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const ORDER = 'e0000000-0000-4000-8000-000000000001';
const CONVERSATION = 'b0000000-0000-4000-8000-000000000001';

function order(fields: Record<string, unknown> = {}) {
  return anOrder({
    id: ORDER,
    catalog_item_id: ITEM,
    buyer_id: BUYER.id,
    seller_id: SELLER.id,
    item_title: 'Teak side table',
    amount: 85,
    checkout_expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
    paid_at: '2026-11-29T10:00:00.000Z',
    created_at: '2026-11-29T09:58:00.000Z',
    ...fields,
  });
}

const ORDER_COLUMNS = ['id', 'status', 'amount'].map((name) => ({
  name,
  type: name === 'amount' ? 'numeric' : 'text',
}));

/** The order as the database holds it now (`current()` is read at each request), the names and the conversation. */
function backendHolds(current: () => Record<string, unknown>) {
  server.use(
    http.get(restUrl('orders'), ({ request }) => pgrstRows(request, [current()])),
    http.get(restUrl('designer_profiles'), ({ request }) =>
      pgrstRows(request, [{ user_id: SELLER.id, full_name: 'Dana Lister', username: 'dana' }]),
    ),
    http.get(restUrl('profiles'), ({ request }) => pgrstRows(request, [{ id: BUYER.id, full_name: 'Cora Buyer' }])),
    http.get(restUrl('listing_conversations'), ({ request }) => pgrstRows(request, [{ id: CONVERSATION }])),
    http.post(rpcUrl('start_listing_conversation'), () =>
      HttpResponse.json({ id: CONVERSATION, catalog_item_id: ITEM, buyer_id: BUYER.id, seller_id: SELLER.id }),
    ),
    http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, [])),
    // The other party's address (rpc contact_email): the database gives it for a paid order's parties.
    http.post(rpcUrl('contact_email'), async ({ request }) => {
      const { p_user } = (await request.json()) as { p_user: string };
      return HttpResponse.json(p_user === SELLER.id ? 'dana@example.com' : 'cora@example.com');
    }),
  );
}

function renderPage(user: User, search = '') {
  return renderApp(<OrderPage />, {
    user,
    url: `/orders/${ORDER}${search}`,
    path: '/orders/:orderId',
    routes: [{ path: '/good-stuff/:id', element: <p>Piece page</p> }],
  });
}

const state = () => screen.getByTestId('order-state');

describe('The order page, /orders/:orderId (docs/product.md, Orders)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let feed: ReturnType<typeof answerRealtime>;
  beforeEach(() => {
    feed = answerRealtime();
    sent = recordRequests();
  });
  afterEach(() => sent.stop());

  it("gives each party of a paid order the other's e-mail address as a mailto link", async () => {
    backendHolds(() => order({ status: 'ready', ready_at: '2026-11-29T12:00:00.000Z' }));
    renderPage(BUYER);
    const link = await screen.findByRole('link', { name: 'E-mail Dana Lister at dana@example.com' });
    expect(link).toHaveAttribute('href', 'mailto:dana@example.com');
    expect(link.closest('p')).toHaveTextContent('Contact: dana@example.com');
    expect((await sent.to('POST', 'rest/v1/rpc/contact_email'))[0]!.body).toEqual({ p_user: SELLER.id });
  });

  it("gives the seller the buyer's address", async () => {
    backendHolds(() => order());
    renderPage(SELLER);
    expect(await screen.findByRole('link', { name: 'E-mail Cora Buyer at cora@example.com' })).toHaveAttribute(
      'href',
      'mailto:cora@example.com',
    );
    expect((await sent.to('POST', 'rest/v1/rpc/contact_email'))[0]!.body).toEqual({ p_user: BUYER.id });
  });

  it('asks for no address before the order is paid', async () => {
    backendHolds(() => order({ status: 'pending', paid_at: null }));
    renderPage(BUYER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(await sent.to('POST', 'rest/v1/rpc/contact_email')).toEqual([]);
    expect(screen.queryByText(/Contact:/)).not.toBeInTheDocument();
  });

  it('shows no address when the database refuses it (the order was cancelled meanwhile)', async () => {
    backendHolds(() => order({ status: 'completed', completed_at: '2026-11-30T10:00:00.000Z' }));
    server.use(
      http.post(rpcUrl('contact_email'), () =>
        pgrstError(
          403,
          '42501',
          'You can see an e-mail address only while you share an active project or a paid order with that person',
        ),
      ),
    );
    renderPage(BUYER);
    await sent.to('POST', 'rest/v1/rpc/contact_email');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(screen.queryByText(/Contact:/)).not.toBeInTheDocument();
  });

  it('shows the buyer the piece, amount, seller, dates and status, and the pickup conversation below', async () => {
    backendHolds(() => order());
    renderPage(BUYER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teak side table' })).toHaveAttribute('href', `/good-stuff/${ITEM}`);
    expect(screen.getByTestId('order-amount')).toHaveTextContent('$85');
    expect(screen.getByTestId('order-other-party')).toHaveTextContent('Dana Lister');
    expect(state()).toHaveTextContent('Paid');
    expect(state()).toHaveTextContent('Paid. The seller will tell you when it is ready for pickup.');
    // The buyer has nothing to do yet.
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pickup conversation' })).toBeInTheDocument();
    // The buyer's own conversation with the seller about the piece, opened if it was not.
    expect((await sent.to('POST', 'rest/v1/rpc/start_listing_conversation'))[0]!.body).toEqual({ item_id: ITEM });
  });

  it('lets the seller mark a paid order ready, then completed; a refusal says the database’s words', async () => {
    let current = order();
    backendHolds(() => current);
    server.use(
      http.post(rpcUrl('mark_order_ready'), () => {
        current = order({ status: 'ready', ready_at: '2026-11-29T11:00:00.000Z' });
        return HttpResponse.json(current);
      }),
      http.post(rpcUrl('complete_order'), () =>
        pgrstError(400, '55000', 'This order is completed and cannot be completed'),
      ),
    );
    const { user } = renderPage(SELLER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sale' })).toBeInTheDocument();
    expect(screen.getByTestId('order-other-party')).toHaveTextContent('Cora Buyer');
    await user.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    await waitFor(() =>
      expect(state()).toHaveTextContent('Ready for pickup. Mark it completed once the buyer has it.'),
    );
    const [ready] = await sent.to('POST', 'rest/v1/rpc/mark_order_ready');
    expect(ready!.body).toEqual({ order_id: ORDER });
    expect(sentAs(ready!)).toBe(SELLER.id);
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    await findToast('This order is completed and cannot be completed', 'error');
    // The seller's side reads the buyer's conversation (the seller cannot open one for them).
    expect(await sent.to('POST', 'rest/v1/rpc/start_listing_conversation')).toEqual([]);
    const [conversation] = await sent.to('GET', 'rest/v1/listing_conversations');
    expect(conversation!.url.searchParams.get('buyer_id')).toBe(`eq.${BUYER.id}`);
  });

  it('asks the seller before cancelling and refunding, then calls cancel-order', async () => {
    let current = order({ status: 'ready', ready_at: '2026-11-29T11:00:00.000Z' });
    backendHolds(() => current);
    server.use(
      http.post(functionUrl('cancel-order'), () => {
        current = order({
          status: 'cancelled',
          refund_reason: 'seller_cancelled',
          cancelled_at: '2026-11-29T12:00:00Z',
        });
        return HttpResponse.json({ order: current });
      }),
    );
    const { user } = renderPage(SELLER);
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order and refund $85?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(await sent.to('POST', 'functions/v1/cancel-order')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel this order and refund $85?' })).getByRole('button', {
        name: 'Cancel and refund',
      }),
    );
    await waitFor(() => expect(state()).toHaveTextContent('Cancelled · refunded'));
    expect(state()).toHaveTextContent("You cancelled this order and the buyer's payment of $85 was refunded.");
    expect((await sent.to('POST', 'functions/v1/cancel-order'))[0]!.body).toEqual({ orderId: ORDER });
    await findToast('Order cancelled. The buyer is refunded.', 'success');
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
  });

  it('lets the buyer say they picked up a piece that is ready', async () => {
    let current = order({ status: 'ready', ready_at: '2026-11-29T11:00:00.000Z' });
    backendHolds(() => current);
    server.use(
      http.post(rpcUrl('complete_order'), () => {
        current = order({
          status: 'completed',
          ready_at: '2026-11-29T11:00:00Z',
          completed_at: '2026-11-29T12:00:00Z',
        });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderPage(BUYER);
    await user.click(await screen.findByRole('button', { name: 'I picked it up' }));
    await waitFor(() => expect(state()).toHaveTextContent('Completed. Enjoy your piece!'));
    expect((await sent.to('POST', 'rest/v1/rpc/complete_order'))[0]!.body).toEqual({ order_id: ORDER });
  });

  it('back from paying, says it is confirming the payment until the order changes, live', async () => {
    feed.answerJoins();
    let current = order({ status: 'pending', paid_at: null });
    backendHolds(() => current);
    // The provider has no payment for it yet either.
    server.use(http.post(functionUrl('confirm-order'), () => HttpResponse.json({ order: current })));
    renderPage(BUYER, '?checkout=done');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await waitFor(() => expect(feed.isJoined(`realtime:order:${ORDER}`)).toBe(true));
    expect(feed.joins.find((j) => j.topic === `realtime:order:${ORDER}`)!.bindings).toEqual([
      expect.objectContaining({ event: '*', schema: 'public', table: 'orders', filter: `id=eq.${ORDER}` }),
    ]);
    // The payment provider's webhook marks it paid: the feed says so and the page reads it again.
    current = order({ status: 'paid' });
    feed.change('orders', 'UPDATE', ORDER_COLUMNS, { record: current });
    await waitFor(() =>
      expect(state()).toHaveTextContent('Paid. The seller will tell you when it is ready for pickup.'),
    );
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it('back from paying with the webhook late: asks the provider (confirm-order), and shows the payment it confirms', async () => {
    let current = order({ status: 'pending', paid_at: null });
    backendHolds(() => current);
    const sent = recordRequests();
    server.use(
      http.post(functionUrl('confirm-order'), () => {
        // The provider says the checkout was paid: the function settles the order.
        current = order({ status: 'paid' });
        return HttpResponse.json({ order: current });
      }),
    );
    renderPage(BUYER, '?checkout=done');
    await waitFor(() =>
      expect(state()).toHaveTextContent('Paid. The seller will tell you when it is ready for pickup.'),
    );
    const [asked, ...again] = await sent.to('POST', 'functions/v1/confirm-order');
    expect(asked!.body).toEqual({ orderId: ORDER });
    expect(sentAs(asked!)).toBe(BUYER.id);
    // Settled: not asked again.
    expect(again).toEqual([]);
  });

  it('does not ask the provider unless the buyer is back from paying', async () => {
    backendHolds(() => order({ status: 'pending', paid_at: null }));
    const sent = recordRequests();
    renderPage(BUYER);
    expect(await screen.findByText('Waiting for the payment. Nothing is charged until you pay.')).toBeInTheDocument();
    expect(await sent.to('POST', 'functions/v1/confirm-order')).toEqual([]);
  });

  it('tells a buyer who paid second that someone else bought it first and they were refunded', async () => {
    backendHolds(() =>
      order({ status: 'refunded', refund_reason: 'already_sold', paid_at: null, refunded_at: '2026-11-29T10:01:00Z' }),
    );
    renderPage(BUYER, '?checkout=done');
    expect(await screen.findByText(/Someone else bought this piece/)).toHaveTextContent(
      'Someone else bought this piece a moment before you. Your payment of $85 has been refunded.',
    );
    expect(state()).toHaveTextContent('Refunded');
  });

  it('says an order it cannot see was not found', async () => {
    server.use(http.get(restUrl('orders'), ({ request }) => pgrstRows(request, [])));
    renderPage(BUYER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });
});
