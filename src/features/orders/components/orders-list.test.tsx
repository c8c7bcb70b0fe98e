import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDERS_PAGE_SIZE, type OrdersSide } from '@/features/orders/api/get-orders';
import { OrdersList } from '@/features/orders/components/orders-list';
import { authUser, pgrstRows, recordRequests, restUrl, server, storeSession } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';
import { anOrder } from '@/testing/factories';

const USER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');

function order(n: number, fields: Record<string, unknown> = {}) {
  return anOrder({
    id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    catalog_item_id: 'f0000000-0000-4000-8000-000000000001',
    buyer_id: 'c0000000-0000-4000-8000-000000000001',
    seller_id: USER.id,
    item_title: `Piece ${n}`,
    amount: 85,
    checkout_expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
    paid_at: null,
    created_at: new Date(Date.UTC(2026, 10, 29, 12, 0, 0) - n * 60_000).toISOString(),
    ...fields,
  });
}

function Harness() {
  const [tab, setTab] = useState<OrdersSide>('purchases');
  return <OrdersList userId={USER.id} tab={tab} onTabChange={setTab} />;
}

describe('OrdersList, /orders (docs/product.md, Buy Now and orders)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });

  it("lists purchases with their status pills, leaving out checkouts that lapsed; Sales reads the user's paid sales", async () => {
    server.use(
      http.get(restUrl('orders'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('buyer_id'))
          return pgrstRows(request, [
            order(1, { status: 'pending' }),
            order(2, { status: 'pending', checkout_expires_at: new Date(Date.now() - 60_000).toISOString() }),
            order(3, { status: 'paid' }),
            order(7, { status: 'collected' }),
            order(8, { status: 'disputed' }),
            order(9, { status: 'refused', refund_reason: 'refused' }),
            order(4, { status: 'cancelled', refund_reason: 'seller_cancelled' }),
            order(5, { status: 'refunded', refund_reason: 'already_sold' }),
          ]);
        return pgrstRows(request, [order(6, { status: 'completed', item_title: 'Sold lamp' })]);
      }),
    );
    const { user } = renderApp(<Harness />);
    const purchases = await screen.findByRole('list', { name: 'Purchases' });
    const rows = within(purchases).getAllByTestId('order-row');
    expect(
      rows.map((row) => [
        within(row).getByRole('link').textContent,
        within(row).getByTestId('order-status').textContent,
      ]),
    ).toEqual([
      ['Piece 1', 'Payment pending'],
      ['Piece 3', 'Paid · waiting for pickup'],
      ['Piece 7', 'Collected'],
      ['Piece 8', 'In dispute'],
      ['Piece 9', 'Refused at pickup'],
      ['Piece 4', 'Cancelled · refunded'],
      ['Piece 5', 'Refunded'],
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/orders/${order(1).id}`);
    const [read] = await sent.to('GET', 'rest/v1/orders');
    expect(read!.url.searchParams.get('buyer_id')).toBe(`eq.${USER.id}`);
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(read!.url.searchParams.get('limit')).toBe(String(ORDERS_PAGE_SIZE));

    await user.click(screen.getByRole('tab', { name: 'Sales' }));
    const sales = await screen.findByRole('list', { name: 'Sales' });
    expect(within(sales).getByTestId('order-row')).toHaveTextContent('Sold lamp');
    expect(within(sales).getByTestId('order-row')).toHaveTextContent('Completed');
    const [, salesRead] = await sent.to('GET', 'rest/v1/orders');
    expect(salesRead!.url.searchParams.get('seller_id')).toBe(`eq.${USER.id}`);
    // Only paid orders are sales (the sales index's own condition).
    expect(salesRead!.url.searchParams.get('status')).toBe('not.in.(pending,expired)');
  });

  it('pages by keyset: Load more asks for the orders after the last one shown', async () => {
    const first = Array.from({ length: ORDERS_PAGE_SIZE }, (_, i) => order(i + 1));
    server.use(
      http.get(restUrl('orders'), ({ request }) =>
        pgrstRows(
          request,
          new URL(request.url).searchParams.get('or') ? [order(99, { item_title: 'The oldest' })] : first,
        ),
      ),
    );
    const { user } = renderApp(<Harness />);
    await user.click(await screen.findByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByText('The oldest')).toBeInTheDocument();
    const [, next] = await sent.to('GET', 'rest/v1/orders');
    const last = first.at(-1)!;
    expect(next!.url.searchParams.get('created_at')).toBe(`lte.${last.created_at}`);
    expect(next!.url.searchParams.get('or')).toBe(`(created_at.lt."${last.created_at}",id.lt.${last.id})`);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument());
  });

  it('says when there is nothing yet', async () => {
    server.use(http.get(restUrl('orders'), ({ request }) => pgrstRows(request, [])));
    renderApp(<Harness />);
    expect(await screen.findByText(/You have not bought anything yet/)).toBeInTheDocument();
  });
});
