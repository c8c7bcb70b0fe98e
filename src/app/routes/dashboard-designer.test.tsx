import type { Session, User } from '@supabase/supabase-js';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as DesignerDashboardPage } from '@/app/routes/dashboard-designer';
import { DESIGNER_BIDS_PAGE_SIZE } from '@/features/bids/api/get-designer-bids';
import { AuthContext } from '@/features/auth/utils/auth-context';
import { renderWithClient } from '@/testing/test-utils';

const DESIGNER = 'd0000000-0000-4000-8000-000000000001';
const LOST = '8f4e2d1c-1111-4222-8333-000000000001';
const OPEN = '8f4e2d1c-1111-4222-8333-000000000002';
const WON = '8f4e2d1c-1111-4222-8333-000000000003';

// The wire: what the database answers for the designer (their bids through rpc designer_bids, head counts).
const designerBids = vi.fn<() => unknown[]>();
const counts: Record<string, number> = {};
function thenable(answer: () => unknown) {
  const builder: Record<string, unknown> = { then: (resolve: (v: unknown) => void) => resolve(answer()) };
  for (const method of ['select', 'eq', 'is', 'or', 'lte', 'order', 'limit', 'range']) builder[method] = () => builder;
  return builder;
}
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (name: string) =>
      thenable(() =>
        name === 'designer_bids'
          ? { data: designerBids(), error: null }
          : name === 'open_project_count'
            ? { data: 0, error: null }
            : { data: [], error: null },
      ),
    from: (table: string) => {
      let head = false;
      const builder = thenable(() =>
        head ? { data: null, count: counts[table] ?? 0, error: null } : { data: [], error: null },
      );
      builder.select = (_columns: string, options?: { head?: boolean }) => {
        head = Boolean(options?.head);
        return builder;
      };
      return builder;
    },
    channel: () => ({
      on() {
        return this;
      },
      subscribe() {
        return this;
      },
    }),
    removeChannel: () => Promise.resolve(),
  },
}));
vi.mock('@/features/subscription/hooks/use-subscription-gate', () => ({
  useSubscriptionGate: () => ({
    run: (_key: string, action: () => void) => action(),
    waitingFor: null,
    waitingLabel: '',
    dialogProps: { open: false, onOpenChange: vi.fn(), accountRole: 'designer' },
  }),
}));
vi.mock('@/features/subscription/components/subscribe-dialog', () => ({ SubscribeDialog: () => null }));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const user = { id: DESIGNER, email: 'dora@example.com' } as User;

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
  return renderWithClient(
    <AuthContext value={{ status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' }}>
      <MemoryRouter>
        <DesignerDashboardPage />
      </MemoryRouter>
    </AuthContext>,
  );
}

describe('designer dashboard: My Bids', () => {
  beforeEach(() => {
    counts.project_bids = 25;
    counts.projects = 1;
    designerBids.mockReset().mockReturnValue([
      bid(1, {
        project_id: LOST,
        project_title: 'Sunny loft',
        status: 'rejected',
        can_open: false,
        bid_amount: 850.5,
      }),
      bid(2, { project_id: WON, project_title: 'Brick studio', status: 'accepted', can_open: true }),
      ...Array.from({ length: DESIGNER_BIDS_PAGE_SIZE - 2 }, (_, i) => bid(i + 3, {})),
    ]);
  });

  it("is a tab with the designer's total of bids, listing each with its status; a lost one says so", async () => {
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
  });

  it('says when there are no bids yet', async () => {
    counts.project_bids = 0;
    designerBids.mockReturnValue([]);
    const { user: clicker } = renderPage();
    await clicker.click(await screen.findByRole('tab', { name: 'My Bids (0)' }));
    expect(await screen.findByText('No bids yet. Bid on an available project to get started.')).toBeInTheDocument();
  });
});
