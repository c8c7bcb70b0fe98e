import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderProblemQueueRow } from '@/features/admin/api/get-order-problem-queue';
import { OrderProblemQueue } from '@/features/admin/components/order-problem-queue';
import { authUser, pgrstError, recordRequests, rpcUrl, sentAs, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');

function row(overrides: Partial<OrderProblemQueueRow> = {}): OrderProblemQueueRow {
  return {
    id: 'f1000000-0000-4000-8000-000000000001',
    kind: 'problem',
    status: 'open',
    order_id: 'f2000000-0000-4000-8000-000000000001',
    item_title: 'Brass arc floor lamp',
    buyer_id: 'b0000000-0000-4000-8000-000000000001',
    buyer_name: 'Maya Chen',
    seller_id: 'd0000000-0000-4000-8000-000000000001',
    seller_name: 'Jordan Park',
    amount: 240,
    held: 240,
    reason: 'The shade is cracked: it was not in the photos.',
    statements: 1,
    statements_due_at: '2026-12-06T09:00:00+00:00',
    created_at: '2026-12-03T09:00:00+00:00',
    outcome: null,
    ...overrides,
  };
}

/** rpc order_problem_queue answers `pages` one after the other. */
function queueAnswers(...pages: OrderProblemQueueRow[][]) {
  let call = 0;
  server.use(
    http.post(rpcUrl('order_problem_queue'), () => HttpResponse.json(pages[Math.min(call++, pages.length - 1)])),
  );
}

describe("OrderProblemQueue: Good Stuff orders' problems and chargebacks, the oldest first", () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('shows each one with its piece, parties, money held, statements and, for a chargeback, the outcome', async () => {
    queueAnswers([
      row(),
      row({
        id: 'f1000000-0000-4000-8000-000000000002',
        kind: 'chargeback',
        status: 'closed',
        item_title: 'Walnut side table',
        reason: 'fraudulent',
        statements: 0,
        held: 0,
        outcome: 'lost',
      }),
    ]);
    renderApp(<OrderProblemQueue />, { user: OPERATOR });
    const list = await screen.findByRole('list', { name: 'Order problems' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const problem = screen.getByRole('listitem', { name: 'Brass arc floor lamp' });
    expect(within(problem).getByRole('link', { name: 'Brass arc floor lamp' })).toHaveAttribute(
      'href',
      '/admin/orders/f1000000-0000-4000-8000-000000000001',
    );
    expect(within(problem).getByText('Problem')).toBeInTheDocument();
    expect(within(problem).getByText('Waiting for a decision')).toBeInTheDocument();
    expect(within(problem).getByText('Buyer Maya Chen · Seller Jordan Park')).toBeInTheDocument();
    expect(within(problem).getByText('$240 held of $240')).toBeInTheDocument();
    expect(within(problem).getByText('Reported by Maya Chen')).toBeInTheDocument();
    expect(within(problem).getByText(/^1 statement of 2 · due Dec 6, 2026/)).toBeInTheDocument();
    expect(within(problem).getByText('The shade is cracked: it was not in the photos.')).toBeInTheDocument();

    const chargeback = screen.getByRole('listitem', { name: 'Walnut side table' });
    expect(within(chargeback).getByText('Chargeback')).toBeInTheDocument();
    expect(within(chargeback).getByText('Lost: the bank returned the payment')).toBeInTheDocument();
    expect(within(chargeback).getByText("Opened by the card's bank")).toBeInTheDocument();
    expect(within(chargeback).queryByText(/statement/)).not.toBeInTheDocument();

    const [call] = await sent.to('POST', 'rest/v1/rpc/order_problem_queue');
    expect(call!.body).toEqual({ page_size: 20 });
    expect(sentAs(call!)).toBe(OPERATOR.id);
  });

  it('shows a decided problem, and names a deleted account', async () => {
    queueAnswers([row({ status: 'decided', held: 0, statements: 2, buyer_name: null })]);
    renderApp(<OrderProblemQueue />, { user: OPERATOR });
    const problem = await screen.findByRole('listitem', { name: 'Brass arc floor lamp' });
    expect(within(problem).getByText('Decided')).toBeInTheDocument();
    expect(within(problem).getByText('2 statements')).toBeInTheDocument();
    expect(within(problem).getByText('Buyer A deleted account · Seller Jordan Park')).toBeInTheDocument();
  });

  it('loads the next page after the last row of a full one (keyset: opened at, then id)', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      row({
        id: `f1000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        item_title: `Piece ${i}`,
        created_at: `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00+00:00`,
      }),
    );
    queueAnswers(first, [row({ id: 'f1000000-0000-4000-8000-000000000099', item_title: 'Piece 99' })]);
    const { user } = renderApp(<OrderProblemQueue />, { user: OPERATOR });
    expect(await screen.findByRole('link', { name: 'Piece 19' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Piece 99' })).toBeInTheDocument();
    const calls = await sent.to('POST', 'rest/v1/rpc/order_problem_queue');
    expect(calls.map((c) => c.body)).toEqual([
      { page_size: 20 },
      {
        page_size: 20,
        after_created_at: '2026-11-20T09:00:00+00:00',
        after_id: 'f1000000-0000-4000-8000-000000000019',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    queueAnswers([]);
    renderApp(<OrderProblemQueue />, { user: OPERATOR });
    expect(await screen.findByText("No problems. No order's money is waiting for a decision.")).toBeInTheDocument();
  });

  it('says so when the queue cannot be read', async () => {
    server.use(
      http.post(rpcUrl('order_problem_queue'), () => pgrstError(403, '42501', 'Only Good Space operators can do this')),
    );
    renderApp(<OrderProblemQueue />, { user: OPERATOR });
    expect(await screen.findByRole('alert')).toHaveTextContent("Failed to load the orders' problems");
  });
});
