import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderPage } from '@/app/routes/orders/order';
import { browserImages } from '@/testing/browser-images';
import { anOrder } from '@/testing/factories';
import { findToast, renderApp } from '@/testing/render-app';
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
  storageUrl,
} from '@/testing/supabase-http';
import { answerRealtime } from '@/testing/supabase-realtime';
import { storageSignedUrls, storageUploaded } from '@/testing/supabase-storage';
import { readStateHandlers } from '@/testing/conversation-reads';

vi.setConfig({ testTimeout: 30_000 });

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const SELLER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const ORDER = 'e0000000-0000-4000-8000-000000000001';
const CONVERSATION = 'b0000000-0000-4000-8000-000000000001';
const W1 = 'a1000000-0000-4000-8000-000000000001';
const W2 = 'a1000000-0000-4000-8000-000000000002';
const PROBLEM = 'a2000000-0000-4000-8000-000000000001';
const HOUR = 3_600_000;

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

function pickupWindow(id: string, fields: Record<string, unknown> = {}) {
  const starts = Date.now() + 24 * HOUR;
  return {
    id,
    order_id: ORDER,
    proposed_by: SELLER.id,
    proposer_role: 'seller',
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + 2 * HOUR).toISOString(),
    status: 'proposed',
    confirmed_at: null,
    missed_by: null,
    created_at: '2026-11-29T10:05:00.000Z',
    ...fields,
  };
}

const ADDRESS = { order_id: ORDER, seller_id: SELLER.id, address: '12 Alder St, Salem', directions: 'Blue door' };

type World = {
  order: ReturnType<typeof order>;
  windows?: Record<string, unknown>[];
  address?: Record<string, unknown> | null;
  lastAddress?: Record<string, unknown> | null;
  payments?: Record<string, unknown>[];
  problems?: Record<string, unknown>[];
  statements?: Record<string, unknown>[];
};

/** The order and its handover's rows as the database holds them now (read at each request), names, conversation. */
function backendHolds(start: World) {
  const world: World = { ...start };
  server.use(
    ...readStateHandlers(),
    http.get(restUrl('orders'), ({ request }) => pgrstRows(request, [world.order])),
    http.get(restUrl('order_pickup_windows'), ({ request }) =>
      pgrstRows(
        request,
        (world.windows ?? []).filter((w) => w.status !== 'superseded'),
      ),
    ),
    http.get(restUrl('order_pickup_addresses'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('seller_id')) return pgrstRows(request, world.lastAddress ? [world.lastAddress] : []);
      return pgrstRows(request, world.address ? [world.address] : []);
    }),
    http.get(restUrl('order_payments'), ({ request }) => pgrstRows(request, world.payments ?? [])),
    http.get(restUrl('order_problems'), ({ request }) => pgrstRows(request, world.problems ?? [])),
    http.get(restUrl('order_problem_statements'), ({ request }) => pgrstRows(request, world.statements ?? [])),
    http.post(storageUrl('object/sign/order-photos'), ({ request }) => storageSignedUrls(request)),
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
  return world;
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
const pickup = () => screen.getByTestId('pickup-state');
const actions = () => screen.getByRole('group', { name: 'Order actions' });
const actionNames = () =>
  within(actions())
    .getAllByRole('button')
    .map((b) => b.textContent);

/** "2026-12-05" for a day in the browser's time zone, `days` from today. */
function localDay(days: number) {
  const d = new Date(Date.now() + days * 24 * HOUR);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const instant = (day: string, time: string) => new Date(`${day}T${time}`).toISOString();

describe('The order page, /orders/:orderId (docs/orders.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let feed: ReturnType<typeof answerRealtime>;
  beforeEach(() => {
    feed = answerRealtime();
    sent = recordRequests();
  });
  afterEach(() => {
    sent.stop();
    vi.unstubAllGlobals();
  });

  it("gives each party of a paid order the other's e-mail address as a mailto link", async () => {
    backendHolds({ order: order() });
    renderPage(BUYER);
    const link = await screen.findByRole('link', { name: 'E-mail Dana Lister at dana@example.com' });
    expect(link).toHaveAttribute('href', 'mailto:dana@example.com');
    expect(link.closest('p')).toHaveTextContent('Contact: dana@example.com');
    expect((await sent.to('POST', 'rest/v1/rpc/contact_email'))[0]!.body).toEqual({ p_user: SELLER.id });
  });

  it("gives the seller the buyer's address", async () => {
    backendHolds({ order: order() });
    renderPage(SELLER);
    expect(await screen.findByRole('link', { name: 'E-mail Cora Buyer at cora@example.com' })).toHaveAttribute(
      'href',
      'mailto:cora@example.com',
    );
    expect((await sent.to('POST', 'rest/v1/rpc/contact_email'))[0]!.body).toEqual({ p_user: BUYER.id });
  });

  it('asks for no address before the order is paid, and reads none of the handover', async () => {
    backendHolds({ order: order({ status: 'pending', paid_at: null }) });
    renderPage(BUYER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(await sent.to('POST', 'rest/v1/rpc/contact_email')).toEqual([]);
    expect(screen.queryByText(/Contact:/)).not.toBeInTheDocument();
    expect(await sent.to('GET', 'rest/v1/order_pickup_windows')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Pickup time' })).not.toBeInTheDocument();
  });

  it('shows no address when the database refuses it (the order was cancelled meanwhile)', async () => {
    backendHolds({ order: order({ status: 'completed', completed_at: '2026-11-30T10:00:00.000Z' }) });
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

  it('tells the buyer the seller is paid when they collect, with the pickup times, the handover buttons and the conversation', async () => {
    backendHolds({ order: order() });
    renderPage(BUYER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teak side table' })).toHaveAttribute('href', `/good-stuff/${ITEM}`);
    expect(screen.getByTestId('order-amount')).toHaveTextContent('$85');
    expect(screen.getByTestId('order-other-party')).toHaveTextContent('Dana Lister');
    expect(state()).toHaveTextContent('Paid · waiting for pickup');
    expect(state()).toHaveTextContent('Paid, and held by Good Space. Dana Lister is paid when you collect the piece.');
    expect(await screen.findByTestId('pickup-state')).toHaveTextContent(
      'No pickup time yet. Dana Lister offers times, or offer some that suit you.',
    );
    expect(actionNames()).toEqual(['Collected, all good', 'Refuse at pickup']);
    expect(await screen.findByRole('heading', { name: 'Pickup conversation' })).toBeInTheDocument();
    expect((await sent.to('POST', 'rest/v1/rpc/start_listing_conversation'))[0]!.body).toEqual({ item_id: ITEM });
  });

  it('tells the seller they are paid when the buyer collects, and offers Mark as collected and Cancel and refund', async () => {
    backendHolds({ order: order() });
    renderPage(SELLER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sale' })).toBeInTheDocument();
    expect(state()).toHaveTextContent('Paid, and held by Good Space. You are paid when Cora Buyer collects the piece.');
    expect(actionNames()).toEqual(['Mark as collected', 'Cancel and refund']);
    // The seller's side reads the buyer's conversation (the seller cannot open one for them).
    expect(await sent.to('POST', 'rest/v1/rpc/start_listing_conversation')).toEqual([]);
  });

  it('lets the seller offer three pickup times with the address prefilled from their last order, in local time', async () => {
    const world = backendHolds({
      order: order(),
      lastAddress: { address: '12 Alder St, Salem', directions: 'Blue door' },
    });
    server.use(
      http.post(rpcUrl('offer_pickup_windows'), async ({ request }) => {
        const { windows } = (await request.json()) as { windows: { starts_at: string; ends_at: string }[] };
        world.windows = windows.map((w, i) => pickupWindow(`a1000000-0000-4000-8000-00000000001${i}`, w));
        world.address = ADDRESS;
        return HttpResponse.json(world.windows);
      }),
    );
    const { user } = renderPage(SELLER);
    await user.click(await screen.findByRole('button', { name: 'Offer pickup times' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer pickup times' });
    await waitFor(() => expect(within(dialog).getByLabelText('Pickup address')).toHaveValue('12 Alder St, Salem'));
    expect(within(dialog).getByLabelText('Directions (optional)')).toHaveValue('Blue door');
    const day = localDay(2);
    const rows: [string, string][] = [
      ['10:00', '12:00'],
      ['14:00', '15:30'],
      ['18:00', '19:00'],
    ];
    for (const [index, [from, to]] of rows.entries()) {
      if (index > 0) await user.click(within(dialog).getByRole('button', { name: 'Add another time' }));
      const row = within(dialog).getByRole('group', { name: `Pickup time ${index + 1}` });
      await user.type(within(row).getByLabelText('Date'), day);
      await user.type(within(row).getByLabelText('From'), from);
      await user.type(within(row).getByLabelText('To'), to);
    }
    // Three at most.
    expect(within(dialog).queryByRole('button', { name: 'Add another time' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Offer these times' }));
    await findToast('Pickup times offered. Cora Buyer is told.', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/offer_pickup_windows');
    expect(call!.body).toEqual({
      order_id: ORDER,
      windows: rows.map(([from, to]) => ({ starts_at: instant(day, from), ends_at: instant(day, to) })),
      address: '12 Alder St, Salem',
      directions: 'Blue door',
    });
    expect(sentAs(call!)).toBe(SELLER.id);
    await waitFor(() =>
      expect(pickup()).toHaveTextContent('You offered these times. Waiting for Cora Buyer to confirm one.'),
    );
    expect(within(pickup()).getAllByRole('listitem')).toHaveLength(3);
  });

  it("checks an offer by the database's rules first, in its words, and sends nothing", async () => {
    backendHolds({ order: order() });
    const { user } = renderPage(BUYER);
    await user.click(await screen.findByRole('button', { name: 'Offer pickup times' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer pickup times' });
    // The buyer gives no address.
    expect(within(dialog).queryByLabelText('Pickup address')).not.toBeInTheDocument();
    const day = localDay(3);
    const first = within(dialog).getByRole('group', { name: 'Pickup time 1' });
    await user.type(within(first).getByLabelText('Date'), day);
    await user.type(within(first).getByLabelText('From'), '10:00');
    await user.type(within(first).getByLabelText('To'), '10:10');
    await user.click(within(dialog).getByRole('button', { name: 'Offer these times' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A pickup time must last between 15 minutes and 12 hours',
    );
    expect(within(first).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(first).getByLabelText('To'));
    await user.type(within(first).getByLabelText('To'), '12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add another time' }));
    const second = within(dialog).getByRole('group', { name: 'Pickup time 2' });
    await user.type(within(second).getByLabelText('Date'), day);
    await user.type(within(second).getByLabelText('From'), '11:00');
    await user.type(within(second).getByLabelText('To'), '13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Offer these times' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pickup times must not overlap');
    await user.click(within(dialog).getByRole('button', { name: 'Remove pickup time 2' }));
    await user.clear(within(first).getByLabelText('Date'));
    await user.type(within(first).getByLabelText('Date'), localDay(40));
    await user.click(within(dialog).getByRole('button', { name: 'Offer these times' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A pickup time must start at least an hour from now and within 30 days',
    );
    expect(await sent.to('POST', 'rest/v1/rpc/offer_pickup_windows')).toEqual([]);
  });

  it("lets the buyer confirm one of the seller's times, then shows it with the address", async () => {
    const world = backendHolds({
      order: order(),
      windows: [
        pickupWindow(W1),
        pickupWindow(W2, {
          starts_at: new Date(Date.now() + 48 * HOUR).toISOString(),
          ends_at: new Date(Date.now() + 49 * HOUR).toISOString(),
        }),
      ],
    });
    server.use(
      http.post(rpcUrl('confirm_pickup_window'), () => {
        world.windows = [{ ...world.windows![0]!, status: 'confirmed', confirmed_at: new Date().toISOString() }];
        world.address = ADDRESS;
        return HttpResponse.json(world.windows[0]);
      }),
    );
    const { user } = renderPage(BUYER);
    expect(await screen.findByTestId('pickup-state')).toHaveTextContent(
      'Dana Lister offered these times. Confirm the one that suits you.',
    );
    const confirmButtons = within(pickup()).getAllByRole('button', { name: /^Confirm / });
    expect(confirmButtons).toHaveLength(2);
    // Before a time is confirmed the buyer reads no address (the policy shows none).
    expect(screen.queryByTestId('pickup-address')).not.toBeInTheDocument();
    await user.click(confirmButtons[0]!);
    await findToast('Pickup time confirmed. Dana Lister is told.', 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/confirm_pickup_window'))[0]!.body).toEqual({ window_id: W1 });
    await waitFor(() => expect(pickup()).toHaveTextContent('Confirmed:'));
    expect(screen.getByTestId('pickup-address')).toHaveTextContent('Pickup address12 Alder St, Salem');
    expect(screen.getByTestId('pickup-address')).toHaveTextContent('DirectionsBlue door');
    expect(screen.getByRole('button', { name: 'Ask to reschedule' })).toBeInTheDocument();
  });

  it("asks a seller with no address on the order for one when confirming the buyer's time", async () => {
    const world = backendHolds({
      order: order(),
      windows: [pickupWindow(W1, { proposed_by: BUYER.id, proposer_role: 'buyer' })],
    });
    server.use(
      http.post(rpcUrl('confirm_pickup_window'), () => {
        world.windows = [{ ...world.windows![0]!, status: 'confirmed', confirmed_at: new Date().toISOString() }];
        world.address = ADDRESS;
        return HttpResponse.json(world.windows[0]);
      }),
    );
    const { user } = renderPage(SELLER);
    await user.click(await screen.findByRole('button', { name: /^Confirm / }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the pickup time' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the pickup address (5 to 300 characters)');
    await user.type(within(dialog).getByLabelText('Pickup address'), '12 Alder St, Salem');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await findToast('Pickup time confirmed. Cora Buyer is told.', 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/confirm_pickup_window'))[0]!.body).toEqual({
      window_id: W1,
      address: '12 Alder St, Salem',
    });
    await waitFor(() => expect(screen.getByTestId('pickup-address')).toHaveTextContent('Your pickup address'));
  });

  it('lets either party ask to reschedule a confirmed time; a refusal says the database’s words', async () => {
    const confirmed = pickupWindow(W1, { status: 'confirmed', confirmed_at: '2026-11-29T11:00:00Z' });
    const world = backendHolds({ order: order(), windows: [confirmed], address: ADDRESS });
    let refuse = true;
    server.use(
      http.post(rpcUrl('ask_pickup_reschedule'), () => {
        if (refuse) return pgrstError(400, '55000', 'This pickup time has already ended.');
        world.windows = [];
        return HttpResponse.json({ ...confirmed, status: 'superseded' });
      }),
    );
    const { user } = renderPage(SELLER);
    await user.click(await screen.findByRole('button', { name: 'Ask to reschedule' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ask to reschedule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask to reschedule' }));
    await findToast('This pickup time has already ended.', 'error');
    refuse = false;
    dialog = screen.getByRole('dialog', { name: 'Ask to reschedule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask to reschedule' }));
    await findToast('Cora Buyer is told. Offer new times when you can.', 'success');
    const calls = await sent.to('POST', 'rest/v1/rpc/ask_pickup_reschedule');
    expect(calls.map((c) => c.body)).toEqual([{ order_id: ORDER }, { order_id: ORDER }]);
    await waitFor(() => expect(pickup()).toHaveTextContent('No pickup time yet.'));
    expect(screen.getByRole('button', { name: 'Offer pickup times' })).toBeInTheDocument();
  });

  it("says they didn't come once a confirmed time ended; a seller's miss lets the buyer cancel and be refunded", async () => {
    const ended = pickupWindow(W1, {
      status: 'confirmed',
      confirmed_at: '2026-11-29T11:00:00Z',
      starts_at: new Date(Date.now() - 3 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const world = backendHolds({ order: order(), windows: [ended], address: ADDRESS });
    server.use(
      http.post(rpcUrl('report_pickup_no_show'), () => {
        world.windows = [{ ...ended, status: 'missed', missed_by: 'seller' }];
        return HttpResponse.json(world.windows[0]);
      }),
      http.post(functionUrl('cancel-order'), () => {
        world.order = order({
          status: 'cancelled',
          refund_reason: 'seller_no_show',
          cancelled_at: '2026-11-29T12:00:00Z',
          refunded_at: '2026-11-29T12:00:00Z',
          refunded_amount: 85,
        });
        world.payments = [
          {
            id: 'p1',
            kind: 'refund',
            amount: 85,
            status: 'succeeded',
            reason: 'seller_no_show',
            created_at: '2026-11-29T12:00:00Z',
            completed_at: '2026-11-29T12:00:01Z',
          },
        ];
        return HttpResponse.json({ order: world.order });
      }),
    );
    const { user } = renderPage(BUYER);
    expect(await screen.findByRole('button', { name: 'Collected, all good' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to reschedule' })).not.toBeInTheDocument();
    expect(actionNames()).toEqual(['Collected, all good', 'Refuse at pickup']);
    await user.click(screen.getByRole('button', { name: 'They didn’t come' }));
    const dialog = await screen.findByRole('dialog', { name: "Say Dana Lister didn't come?" });
    await user.click(within(dialog).getByRole('button', { name: "They didn't come" }));
    await findToast("Noted that Dana Lister didn't come. Dana Lister is told.", 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/report_pickup_no_show'))[0]!.body).toEqual({ window_id: W1 });
    await waitFor(() => expect(pickup()).toHaveTextContent('Missed by Dana Lister:'));
    expect(actionNames()).toEqual(['Collected, all good', 'Refuse at pickup', 'Cancel and refund']);
    await user.click(within(actions()).getByRole('button', { name: 'Cancel and refund' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel this order and refund $85?' });
    await user.click(within(cancel).getByRole('button', { name: 'Cancel and refund' }));
    await findToast('Order cancelled. Your payment is refunded.', 'success');
    expect((await sent.to('POST', 'functions/v1/cancel-order'))[0]!.body).toEqual({ orderId: ORDER });
    await waitFor(() =>
      expect(state()).toHaveTextContent(
        'You cancelled after Dana Lister missed a pickup time. Your payment of $85 was refunded.',
      ),
    );
    const payment = screen.getByTestId('order-payment');
    expect(payment).toHaveTextContent('Refund to Cora Buyer · the seller missed a pickup time');
    expect(payment).toHaveTextContent('$85Refunded');
  });

  it('asks the buyer before “Collected, all good”, saying the seller is paid at once, then calls collect-order', async () => {
    const world = backendHolds({ order: order() });
    server.use(
      http.post(functionUrl('collect-order'), () => {
        world.order = order({ status: 'completed', completed_at: '2026-11-29T12:00:00Z', released_amount: 85 });
        world.payments = [
          {
            id: 'p1',
            kind: 'transfer',
            amount: 85,
            status: 'pending',
            reason: 'release',
            created_at: '2026-11-29T12:00:00Z',
            completed_at: null,
          },
        ];
        return HttpResponse.json({ order: world.order });
      }),
    );
    const { user } = renderPage(BUYER);
    await user.click(await screen.findByRole('button', { name: 'Collected, all good' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collected, all good?' });
    expect(dialog).toHaveTextContent('Dana Lister is paid $85 at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(await sent.to('POST', 'functions/v1/collect-order')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Collected, all good' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Collected, all good?' })).getByRole('button', {
        name: 'Collected, all good',
      }),
    );
    await findToast('Thanks! Dana Lister is paid.', 'success');
    const [call] = await sent.to('POST', 'functions/v1/collect-order');
    expect(call!.body).toEqual({ orderId: ORDER });
    expect(sentAs(call!)).toBe(BUYER.id);
    await waitFor(() => expect(state()).toHaveTextContent('Completed. Enjoy your piece!'));
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Payout to Dana Lister · collected, all good');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Processing');
  });

  it('refuses at pickup with a reason and photos made WebP and uploaded to the order’s folder first', async () => {
    const drawn = browserImages({ size: [4000, 3000] });
    const world = backendHolds({ order: order() });
    server.use(
      http.post(storageUrl(`object/order-photos/${ORDER}/*`), ({ request }) => storageUploaded(request)),
      http.post(functionUrl('refuse-order'), async ({ request }) => {
        const body = (await request.json()) as { reason: string; photos: string[] };
        world.order = order({
          status: 'refused',
          refused_at: '2026-11-29T12:00:00Z',
          refunded_at: '2026-11-29T12:00:00Z',
          refund_reason: 'refused',
          refusal_reason: body.reason,
          refusal_photos: body.photos,
          refunded_amount: 85,
        });
        return HttpResponse.json({ order: world.order });
      }),
    );
    const { user } = renderPage(BUYER);
    await user.click(await screen.findByRole('button', { name: 'Refuse at pickup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse at pickup' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why you refuse the piece');
    await user.type(within(dialog).getByLabelText('What is wrong with it'), 'One leg is cracked through.');
    await user.upload(within(dialog).getByLabelText('Photos (optional, up to 6)'), [
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'leg.jpg', { type: 'image/jpeg' }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    await findToast('Refused at pickup. Your payment is refunded.', 'success');
    expect(drawn).toHaveLength(1);
    const uploads = (await sent.all()).filter(
      (r) => r.method === 'POST' && r.url.pathname.includes('/object/order-photos/'),
    );
    expect(uploads).toHaveLength(1);
    const path = uploads[0]!.url.pathname.replace('/storage/v1/object/order-photos/', '');
    expect(path).toMatch(new RegExp(`^${ORDER}/[0-9a-f-]{36}\\.webp$`));
    expect((await sent.to('POST', 'functions/v1/refuse-order'))[0]!.body).toEqual({
      orderId: ORDER,
      reason: 'One leg is cracked through.',
      photos: [path],
    });
    await waitFor(() =>
      expect(state()).toHaveTextContent('You refused the piece at pickup and your payment of $85 was refunded.'),
    );
    expect(state()).toHaveTextContent('Refused at pickup');
    const refusal = screen.getByRole('region', { name: 'Why you refused it' });
    expect(refusal).toHaveTextContent('One leg is cracked through.');
    expect(await within(refusal).findByRole('img', { name: 'Photos of the refusal, 1 of 1' })).toBeInTheDocument();
  });

  it('removes the uploaded photos when the refusal is refused, and says the function’s words', async () => {
    browserImages({ size: [800, 600] });
    backendHolds({ order: order() });
    server.use(
      http.post(storageUrl(`object/order-photos/${ORDER}/*`), ({ request }) => storageUploaded(request)),
      http.delete(storageUrl('object/order-photos'), () => HttpResponse.json([])),
      http.post(functionUrl('refuse-order'), () =>
        HttpResponse.json(
          { error: 'The seller marked it collected: report a problem instead.', code: 'wrong_state' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage(BUYER);
    await user.click(await screen.findByRole('button', { name: 'Refuse at pickup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse at pickup' });
    await user.type(within(dialog).getByLabelText('What is wrong with it'), 'Wrong colour.');
    await user.upload(within(dialog).getByLabelText('Photos (optional, up to 6)'), [
      new File(['x'], 'a.png', { type: 'image/png' }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    await findToast('The seller marked it collected: report a problem instead.', 'error');
    const removed = await sent.to('DELETE', 'storage/v1/object/order-photos');
    expect(removed).toHaveLength(1);
    expect((removed[0]!.body as { prefixes: string[] }).prefixes[0]).toMatch(new RegExp(`^${ORDER}/`));
  });

  it('lets the seller mark it collected; the buyer then has until release_at to report a problem', async () => {
    const releaseAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const world = backendHolds({ order: order() });
    server.use(
      http.post(rpcUrl('mark_order_collected'), () => {
        world.order = order({ status: 'collected', handed_over_at: new Date().toISOString(), release_at: releaseAt });
        return HttpResponse.json(world.order);
      }),
    );
    const { user } = renderPage(SELLER);
    await user.click(await screen.findByRole('button', { name: 'Mark as collected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as collected?' });
    expect(dialog).toHaveTextContent('They then have 48 hours to report a problem');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as collected' }));
    await findToast('Marked as collected. Cora Buyer is told.', 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/mark_order_collected'))[0]!.body).toEqual({ order_id: ORDER });
    await waitFor(() => expect(state()).toHaveTextContent('Collected'));
    expect(state()).toHaveTextContent(
      /You marked the piece collected\. Cora Buyer has until \w{3} .+ to report a problem; then you are paid\./,
    );
    // Past the handover the seller cannot cancel.
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pickup time' })).not.toBeInTheDocument();
  });

  it('lets the buyer report a problem while collected, before release_at', async () => {
    const releaseAt = new Date(Date.now() + 40 * HOUR).toISOString();
    const world = backendHolds({
      order: order({ status: 'collected', handed_over_at: new Date().toISOString(), release_at: releaseAt }),
    });
    server.use(
      http.post(rpcUrl('report_order_problem'), async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        world.order = order({ status: 'disputed', handed_over_at: new Date().toISOString(), release_at: releaseAt });
        world.problems = [
          {
            id: PROBLEM,
            kind: 'problem',
            opened_by: BUYER.id,
            reason: body.reason,
            status: 'open',
            statements_due_at: new Date(Date.now() + 72 * HOUR).toISOString(),
            refund_amount: null,
            release_amount: null,
            decision_reason: null,
            decided_at: null,
            outcome: null,
            created_at: new Date().toISOString(),
          },
        ];
        world.statements = [
          {
            id: 's1',
            problem_id: PROBLEM,
            author_id: BUYER.id,
            author_role: 'buyer',
            body: body.reason,
            photos: [],
            created_at: new Date().toISOString(),
          },
        ];
        return HttpResponse.json(world.problems[0]);
      }),
    );
    const { user } = renderPage(BUYER);
    expect(await screen.findByText(/^You have until \w{3} .+ to report a problem\.$/)).toBeInTheDocument();
    expect(actionNames()).toEqual(['Collected, all good', 'Report a problem']);
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await user.type(within(dialog).getByLabelText('What is the problem'), 'The drawer does not open.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    await findToast('Problem reported. Good Space holds the payment and will decide.', 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/report_order_problem'))[0]!.body).toEqual({
      order_id: ORDER,
      reason: 'The drawer does not open.',
      photos: [],
    });
    await waitFor(() => expect(state()).toHaveTextContent('In dispute'));
    const problem = screen.getByRole('region', { name: 'Problem' });
    expect(problem).toHaveTextContent('Your statement');
    expect(problem).toHaveTextContent('The drawer does not open.');
    expect(problem).toHaveTextContent('Dana Lister can add a statement until');
  });

  it('offers no problem report once the 48 hours have passed', async () => {
    backendHolds({
      order: order({
        status: 'collected',
        handed_over_at: new Date(Date.now() - 49 * HOUR).toISOString(),
        release_at: new Date(Date.now() - HOUR).toISOString(),
      }),
    });
    renderPage(BUYER);
    expect(await screen.findByRole('button', { name: 'Collected, all good' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("lets the seller add one statement with photos to the buyer's problem, and shows Good Space's decision", async () => {
    const problemRow = {
      id: PROBLEM,
      kind: 'problem',
      opened_by: BUYER.id,
      reason: 'Scratched top',
      status: 'open',
      statements_due_at: new Date(Date.now() + 72 * HOUR).toISOString(),
      refund_amount: null,
      release_amount: null,
      decision_reason: null,
      decided_at: null,
      outcome: null,
      created_at: '2026-11-30T10:00:00Z',
    };
    const world = backendHolds({
      order: order({ status: 'disputed', handed_over_at: '2026-11-30T09:00:00Z', release_at: '2026-12-02T09:00:00Z' }),
      problems: [problemRow],
      statements: [
        {
          id: 's1',
          problem_id: PROBLEM,
          author_id: BUYER.id,
          author_role: 'buyer',
          body: 'Scratched top',
          photos: [`${ORDER}/top.webp`],
          created_at: '2026-11-30T10:00:00Z',
        },
      ],
    });
    server.use(
      http.post(rpcUrl('add_order_problem_statement'), async ({ request }) => {
        const body = (await request.json()) as { body: string };
        world.statements = [
          ...world.statements!,
          {
            id: 's2',
            problem_id: PROBLEM,
            author_id: SELLER.id,
            author_role: 'seller',
            body: body.body,
            photos: [],
            created_at: '2026-11-30T11:00:00Z',
          },
        ];
        return HttpResponse.json(world.statements.at(-1));
      }),
    );
    const { user } = renderPage(SELLER);
    const problem = await screen.findByRole('region', { name: 'Problem' });
    expect(problem).toHaveTextContent('Cora Buyer reported a problem');
    expect(await within(problem).findByRole('img', { name: 'Cora Buyer’s statement, 1 of 1' })).toBeInTheDocument();
    await user.click(within(problem).getByRole('button', { name: 'Add your statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your statement' });
    await user.type(within(dialog).getByLabelText('Your statement'), 'It left here without a scratch.');
    await user.click(within(dialog).getByRole('button', { name: 'Add statement' }));
    await findToast('Statement added. Good Space reads both sides before deciding.', 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/add_order_problem_statement'))[0]!.body).toEqual({
      problem_id: PROBLEM,
      body: 'It left here without a scratch.',
      photos: [],
    });
    await waitFor(() => expect(problem).toHaveTextContent('It left here without a scratch.'));
    expect(within(problem).queryByRole('button', { name: 'Add your statement' })).not.toBeInTheDocument();

    // Good Space decides, live: a refund of half and a payout of half.
    feed.answerJoins();
    await waitFor(() => expect(feed.isJoined(`realtime:order:${ORDER}`)).toBe(true));
    world.order = order({
      status: 'completed',
      completed_at: '2026-12-01T10:00:00Z',
      released_amount: 42.5,
      refunded_amount: 42.5,
    });
    world.problems = [
      {
        ...problemRow,
        status: 'decided',
        refund_amount: 42.5,
        release_amount: 42.5,
        decision_reason: 'A scratch on the top, shared.',
        decided_at: '2026-12-01T10:00:00Z',
      },
    ];
    feed.change('order_problems', 'UPDATE', [{ name: 'id', type: 'uuid' }], {
      record: { id: PROBLEM, order_id: ORDER },
    });
    await waitFor(() => expect(screen.getByTestId('order-decision')).toBeInTheDocument());
    expect(screen.getByTestId('order-decision')).toHaveTextContent(
      'Good Space decided$42.50 refunded to Cora Buyer, $42.50 paid to Dana Lister.A scratch on the top, shared.',
    );
    expect(state()).toHaveTextContent('Completed. You are paid $42.50.');
  });

  it('shows a chargeback and offers no step that moves money while the bank decides', async () => {
    backendHolds({
      order: order({ frozen_at: '2026-11-30T10:00:00Z' }),
      problems: [
        {
          id: PROBLEM,
          kind: 'chargeback',
          opened_by: null,
          reason: 'fraudulent',
          status: 'open',
          statements_due_at: '2026-12-03T10:00:00Z',
          refund_amount: null,
          release_amount: null,
          decision_reason: null,
          decided_at: null,
          outcome: null,
          created_at: '2026-11-30T10:00:00Z',
        },
      ],
    });
    renderPage(SELLER);
    expect(await screen.findByTestId('order-chargeback')).toHaveTextContent(
      'The card’s bank is reviewing this payment (a chargeback).Nothing moves on this order until the bank decides.',
    );
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
  });

  it('listens to the order and its five handover tables on one channel', async () => {
    feed.answerJoins();
    const world = backendHolds({ order: order() });
    renderPage(BUYER);
    await waitFor(() => expect(feed.isJoined(`realtime:order:${ORDER}`)).toBe(true));
    const join = feed.joins.find((j) => j.topic === `realtime:order:${ORDER}`)!;
    expect(join.bindings.map(({ table, filter }) => [table, filter])).toEqual([
      ['orders', `id=eq.${ORDER}`],
      ['order_pickup_windows', `order_id=eq.${ORDER}`],
      ['order_pickup_addresses', `order_id=eq.${ORDER}`],
      ['order_payments', `order_id=eq.${ORDER}`],
      ['order_problems', `order_id=eq.${ORDER}`],
      ['order_problem_statements', `order_id=eq.${ORDER}`],
    ]);
    // The seller offers times: the window arrives on the feed and the page reads the order again.
    world.windows = [pickupWindow(W1)];
    feed.change('order_pickup_windows', 'INSERT', [{ name: 'id', type: 'uuid' }], {
      record: { id: W1, order_id: ORDER },
    });
    await waitFor(() =>
      expect(pickup()).toHaveTextContent('Dana Lister offered these times. Confirm the one that suits you.'),
    );
  });

  it('back from paying, says it is confirming the payment until the order changes, live', async () => {
    feed.answerJoins();
    const world = backendHolds({ order: order({ status: 'pending', paid_at: null }) });
    // The provider has no payment for it yet either.
    server.use(http.post(functionUrl('confirm-order'), () => HttpResponse.json({ order: world.order })));
    renderPage(BUYER, '?checkout=done');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await waitFor(() => expect(feed.isJoined(`realtime:order:${ORDER}`)).toBe(true));
    // The payment provider's webhook marks it paid: the feed says so and the page reads it again.
    world.order = order({ status: 'paid' });
    feed.change('orders', 'UPDATE', [{ name: 'id', type: 'uuid' }], { record: world.order });
    await waitFor(() => expect(state()).toHaveTextContent('Dana Lister is paid when you collect the piece.'));
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it('back from paying with the webhook late: asks the provider (confirm-order), and shows the payment it confirms', async () => {
    const world = backendHolds({ order: order({ status: 'pending', paid_at: null }) });
    server.use(
      http.post(functionUrl('confirm-order'), () => {
        // The provider says the checkout was paid: the function settles the order.
        world.order = order({ status: 'paid' });
        return HttpResponse.json({ order: world.order });
      }),
    );
    renderPage(BUYER, '?checkout=done');
    await waitFor(() => expect(state()).toHaveTextContent('Dana Lister is paid when you collect the piece.'));
    const [asked, ...again] = await sent.to('POST', 'functions/v1/confirm-order');
    expect(asked!.body).toEqual({ orderId: ORDER });
    expect(sentAs(asked!)).toBe(BUYER.id);
    // Settled: not asked again.
    expect(again).toEqual([]);
  });

  it('does not ask the provider unless the buyer is back from paying', async () => {
    backendHolds({ order: order({ status: 'pending', paid_at: null }) });
    renderPage(BUYER);
    expect(await screen.findByText('Waiting for the payment. Nothing is charged until you pay.')).toBeInTheDocument();
    expect(await sent.to('POST', 'functions/v1/confirm-order')).toEqual([]);
  });

  it('tells a buyer who paid second that someone else bought it first and they were refunded', async () => {
    backendHolds({
      order: order({
        status: 'refunded',
        refund_reason: 'already_sold',
        paid_at: null,
        refunded_at: '2026-11-29T10:01:00Z',
      }),
    });
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
