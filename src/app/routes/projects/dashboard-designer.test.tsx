import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as DesignerDashboardPage } from '@/app/routes/projects/dashboard-designer';
import { DESIGNER_BIDS_PAGE_SIZE } from '@/features/bids/api/get-designer-bids';
import {
  pgrstCount,
  authUser,
  functionUrl,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  rpcUrl,
  server,
} from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';
import { renderApp } from '@/testing/render-app';

const DESIGNER = 'd0000000-0000-4000-8000-000000000001';
const LOST = '8f4e2d1c-1111-4222-8333-000000000001';
const OPEN = '8f4e2d1c-1111-4222-8333-000000000002';
const WON = '8f4e2d1c-1111-4222-8333-000000000003';

const user = authUser(DESIGNER, 'dora@example.com');

/**
 * The backend for the designer: a profile that names no place, their bids through rpc designer_bids (`bids`), the
 * tab totals as head counts (`bidCount` bids), no projects of their own and none open nearby, an active
 * membership and their earnings from milestones (rpc designer_earnings).
 */
function backend(
  bids: Record<string, unknown>[],
  bidCount: number,
  earnings: Record<string, number> = { released: 0, on_the_way: 0, held: 0 },
) {
  server.use(
    http.post(rpcUrl('designer_earnings'), () => HttpResponse.json(earnings)),
    http.get(restUrl('designer_profiles'), ({ request }) => pgrstRows(request, [{ latitude: null, longitude: null }])),
    http.post(rpcUrl('designer_bids'), () => HttpResponse.json(bids)),
    http.head(restUrl('project_bids'), () => pgrstCount(bidCount)),
    http.head(restUrl('projects'), () => pgrstCount(0)),
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [])),
    http.post(rpcUrl('open_projects'), () => HttpResponse.json([])),
    http.post(rpcUrl('open_project_count'), () => HttpResponse.json(0)),
    http.post(functionUrl('check-subscription'), () => subscriptionStatus('designer', true)),
  );
}

function bid(i: number, extra: Record<string, unknown>) {
  return {
    id: `b0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    project_id: OPEN,
    project_title: `Room ${i}`,
    bid_amount: 400.5,
    status: 'pending',
    created_at: new Date(Date.UTC(2026, 10, 20 - i)).toISOString(),
    can_open: true,
    ...extra,
  };
}

function renderPage() {
  return renderApp(<DesignerDashboardPage />, { user });
}

describe('designer dashboard: My Bids', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it("is a tab with the designer's total of bids, listing each with its status; a lost one says so", async () => {
    backend(
      [
        bid(1, {
          project_id: LOST,
          project_title: 'Sunny loft',
          status: 'rejected',
          can_open: false,
          bid_amount: 850.5,
        }),
        bid(2, { project_id: WON, project_title: 'Brick studio', status: 'accepted', can_open: true }),
        ...Array.from({ length: DESIGNER_BIDS_PAGE_SIZE - 2 }, (_, i) => bid(i + 3, {})),
      ],
      25,
    );
    const { user: clicker } = renderPage();
    const tab = await screen.findByRole('tab', { name: 'My Bids (25)' });
    await clicker.click(tab);
    const list = await screen.findByRole('list', { name: 'My bids' });
    const rows = within(list).getAllByTestId('designer-bid');
    expect(rows).toHaveLength(DESIGNER_BIDS_PAGE_SIZE);

    const lost = rows[0]!;
    expect(lost).toHaveTextContent('Sunny loft');
    expect(lost).toHaveTextContent('Rejected');
    expect(lost).toHaveTextContent('Your bid $850.50');
    expect(lost).toHaveTextContent('Not selected: the client chose another designer.');
    expect(within(lost).queryByRole('link')).toBeNull();

    const won = rows[1]!;
    expect(won).toHaveTextContent('Accepted');
    expect(within(won).getByRole('link', { name: 'Brick studio' })).toHaveAttribute('href', `/project/${WON}`);
    expect(within(rows[2]!).getByRole('link', { name: 'Room 3' })).toHaveAttribute('href', `/project/${OPEN}`);
    expect(rows[2]).toHaveTextContent('Pending');
    // A full page: more can be loaded.
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();

    // The total counts the designer's own bids; the list is the first page, newest first.
    const [count] = await sent.to('HEAD', 'rest/v1/project_bids');
    expect(count!.url.searchParams.get('designer_id')).toBe(`eq.${DESIGNER}`);
    expect(count!.headers.get('prefer')).toBe('count=exact');
    const [page, ...more] = await sent.to('POST', 'rest/v1/rpc/designer_bids');
    expect(more).toEqual([]);
    expect(page!.body).toEqual({ page_size: DESIGNER_BIDS_PAGE_SIZE });
    expect(page!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(page!.url.searchParams.get('select')).toBe(
      'id,project_id,project_title,bid_amount,status,created_at,can_open',
    );
  });

  it('says when there are no bids yet', async () => {
    backend([], 0);
    const { user: clicker } = renderPage();
    await clicker.click(await screen.findByRole('tab', { name: 'My Bids (0)' }));
    expect(await screen.findByText('No bids yet. Bid on an available project to get started.')).toBeInTheDocument();
  });
});

describe('designer dashboard: earnings (docs/milestones.md)', () => {
  it('shows what was released, what is on the way and what Good Space holds, as the designer', async () => {
    const sent = recordRequests();
    backend([], 0, { released: 1200, on_the_way: 300.5, held: 900 });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Earnings' });
    expect(await within(card).findByText('$1,200')).toBeInTheDocument();
    const figures = within(card)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(figures).toEqual(['$1,200', '$300.50', '$900']);
    expect(
      within(card)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Released', 'On the way', 'Held']);
    const [asked] = await sent.to('POST', 'rest/v1/rpc/designer_earnings');
    expect(sentAs(asked!)).toBe(DESIGNER);
  });

  it('says so in the card when the earnings cannot be read', async () => {
    backend([], 0);
    server.use(http.post(rpcUrl('designer_earnings'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Earnings' });
    expect(await within(card).findByText('Failed to load earnings')).toBeInTheDocument();
  });
});
