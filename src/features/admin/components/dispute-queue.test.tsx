import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DisputeQueueRow } from '@/features/admin/api/get-dispute-queue';
import { DisputeQueue } from '@/features/admin/components/dispute-queue';
import { authUser, pgrstError, recordRequests, rpcUrl, sentAs, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');

function row(overrides: Partial<DisputeQueueRow> = {}): DisputeQueueRow {
  return {
    id: 'e1000000-0000-4000-8000-000000000001',
    kind: 'dispute',
    status: 'open',
    milestone_id: 'e2000000-0000-4000-8000-000000000001',
    milestone_title: 'Concept boards',
    project_id: 'e3000000-0000-4000-8000-000000000001',
    project_title: 'Kitchen refresh',
    customer_id: 'c0000000-0000-4000-8000-000000000001',
    customer_name: 'Jordan Lee',
    designer_id: 'd0000000-0000-4000-8000-000000000001',
    designer_name: 'Ada Stone',
    amount: 500,
    held: 450.5,
    opened_by_name: 'Jordan Lee',
    reason: 'The boards are not what we agreed.',
    statements: 1,
    statements_due_at: '2026-12-06T09:00:00+00:00',
    created_at: '2026-12-01T09:00:00+00:00',
    outcome: null,
    ...overrides,
  };
}

/** rpc milestone_dispute_queue answers `pages` one after the other. */
function queueAnswers(...pages: DisputeQueueRow[][]) {
  let call = 0;
  server.use(
    http.post(rpcUrl('milestone_dispute_queue'), () => HttpResponse.json(pages[Math.min(call++, pages.length - 1)])),
  );
}

describe('DisputeQueue: open disputes and chargebacks, the oldest first', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('shows each one with its project, parties, money held, statements and, for a chargeback, the outcome', async () => {
    queueAnswers([
      row(),
      row({
        id: 'e1000000-0000-4000-8000-000000000002',
        kind: 'chargeback',
        status: 'closed',
        milestone_title: 'Final plan',
        opened_by_name: null,
        reason: 'fraudulent',
        statements: 0,
        held: 0,
        outcome: 'lost',
      }),
    ]);
    renderApp(<DisputeQueue />, { user: OPERATOR });
    const list = await screen.findByRole('list', { name: 'Disputes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const dispute = screen.getByRole('listitem', { name: 'Kitchen refresh: Concept boards' });
    expect(within(dispute).getByRole('link', { name: 'Kitchen refresh: Concept boards' })).toHaveAttribute(
      'href',
      '/admin/disputes/e1000000-0000-4000-8000-000000000001',
    );
    expect(within(dispute).getByText('Dispute')).toBeInTheDocument();
    expect(within(dispute).getByText('Waiting for a decision')).toBeInTheDocument();
    expect(within(dispute).getByText('Customer Jordan Lee · Designer Ada Stone')).toBeInTheDocument();
    expect(within(dispute).getByText('$450.50 held of $500')).toBeInTheDocument();
    expect(within(dispute).getByText('Opened by Jordan Lee')).toBeInTheDocument();
    expect(within(dispute).getByText(/^1 statement of 2 · due Dec 6, 2026/)).toBeInTheDocument();
    expect(within(dispute).getByText('The boards are not what we agreed.')).toBeInTheDocument();
    expect(within(dispute).getByText(/^Opened Dec 1, 2026/)).toBeInTheDocument();

    const chargeback = screen.getByRole('listitem', { name: 'Kitchen refresh: Final plan' });
    expect(within(chargeback).getByText('Chargeback')).toBeInTheDocument();
    expect(within(chargeback).getByText('Lost: the bank returned the payment')).toBeInTheDocument();
    expect(within(chargeback).getByText("Opened by the card's bank")).toBeInTheDocument();
    expect(within(chargeback).queryByText(/statement/)).not.toBeInTheDocument();

    const [call] = await sent.to('POST', 'rest/v1/rpc/milestone_dispute_queue');
    expect(call!.body).toEqual({ page_size: 20 });
    expect(sentAs(call!)).toBe(OPERATOR.id);
  });

  it('shows a chargeback the bank has not decided, and one Good Space won', async () => {
    queueAnswers([
      row({ kind: 'chargeback', milestone_title: 'Open one', opened_by_name: null, statements: 0 }),
      row({
        id: 'e1000000-0000-4000-8000-000000000003',
        kind: 'chargeback',
        status: 'closed',
        milestone_title: 'Won one',
        outcome: 'won',
      }),
    ]);
    renderApp(<DisputeQueue />, { user: OPERATOR });
    const open = await screen.findByRole('listitem', { name: 'Kitchen refresh: Open one' });
    expect(within(open).getByText('Waiting for the bank')).toBeInTheDocument();
    const won = screen.getByRole('listitem', { name: 'Kitchen refresh: Won one' });
    expect(within(won).getByText('Won: the payment stays with Good Space')).toBeInTheDocument();
  });

  it('loads the next page after the last row of a full one (keyset: opened at, then id)', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      row({
        id: `e1000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        milestone_title: `Milestone ${i}`,
        created_at: `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00+00:00`,
      }),
    );
    queueAnswers(first, [row({ id: 'e1000000-0000-4000-8000-000000000099', milestone_title: 'Milestone 99' })]);
    const { user } = renderApp(<DisputeQueue />, { user: OPERATOR });
    expect(await screen.findByRole('link', { name: 'Kitchen refresh: Milestone 19' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Kitchen refresh: Milestone 99' })).toBeInTheDocument();
    const calls = await sent.to('POST', 'rest/v1/rpc/milestone_dispute_queue');
    expect(calls.map((c) => c.body)).toEqual([
      { page_size: 20 },
      {
        page_size: 20,
        after_created_at: '2026-11-20T09:00:00+00:00',
        after_id: 'e1000000-0000-4000-8000-000000000019',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    queueAnswers([]);
    renderApp(<DisputeQueue />, { user: OPERATOR });
    expect(await screen.findByText("No disputes. No milestone's money is waiting for a decision.")).toBeInTheDocument();
  });

  it('says so when the queue cannot be read', async () => {
    server.use(
      http.post(rpcUrl('milestone_dispute_queue'), () =>
        pgrstError(403, '42501', 'Only Good Space operators can do this'),
      ),
    );
    renderApp(<DisputeQueue />, { user: OPERATOR });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the disputes');
  });
});
