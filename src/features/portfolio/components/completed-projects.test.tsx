import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompletedProject } from '@/features/portfolio/api/get-completed-projects';
import { CompletedProjects } from '@/features/portfolio/components/completed-projects';
import { renderWithClient } from '@/testing/test-utils';

const DESIGNER = 'd1';
const rpc = vi.fn();
const list = vi.fn();
const createSignedUrls = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (...args: unknown[]) => rpc(...args),
    storage: {
      from: () => ({
        list: (...args: unknown[]) => list(...args),
        createSignedUrls: (...args: unknown[]) => createSignedUrls(...args),
      }),
    },
  },
}));

function row(overrides: Partial<CompletedProject>): CompletedProject {
  return {
    id: 'p1',
    title: 'Sunny loft',
    description: 'A loft furnished with thrifted pieces',
    place: 'Portland, OR',
    space_size: 600,
    preferred_style: 'Industrial',
    completed_at: '2026-10-02T12:00:00+00:00',
    budget: 2500,
    budget_type: 'hard',
    items_total: 2310,
    is_public: true,
    costs_public: true,
    ...overrides,
  };
}

describe('CompletedProjects: the public portfolio (docs/decisions/0017)', () => {
  beforeEach(() => {
    rpc.mockReset();
    list.mockReset().mockResolvedValue({
      data: [
        { id: 'o1', name: 'after-1.png' },
        { id: 'o2', name: 'before-1.png' },
      ],
      error: null,
    });
    createSignedUrls
      .mockReset()
      .mockImplementation((paths: string[]) =>
        Promise.resolve({ data: paths.map((p) => ({ signedUrl: `https://signed.example/${p}` })), error: null }),
      );
  });

  it('shows a consented project with its place, galleries, completion date and the budget line', async () => {
    rpc.mockResolvedValue({ data: [row({})], error: null });
    renderWithClient(<CompletedProjects designerId={DESIGNER} />);
    const card = await screen.findByTestId('completed-project');
    expect(rpc).toHaveBeenCalledWith('portfolio_projects', { designer_id: DESIGNER, page_size: 6 });
    expect(within(card).getByRole('heading', { name: 'Sunny loft' })).toBeInTheDocument();
    expect(within(card).getByText('Portland, OR')).toBeInTheDocument();
    expect(within(card).getByText(/^Completed/)).toHaveTextContent('Completed Oct 2, 2026');
    expect(within(card).getByTestId('budget-line')).toHaveTextContent('Came in at:$2,310 of a $2,500 hard cap, 92%');
    expect(within(card).queryByText('Not public')).not.toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Sunny loft, before 1' })).toHaveAttribute(
      'src',
      'https://signed.example/p1/before-1.png',
    );
    expect(within(card).getByRole('img', { name: 'Sunny loft, after 1' })).toBeInTheDocument();
  });

  it('shows no place and no money when the database gives none (an address, no cost consent)', async () => {
    rpc.mockResolvedValue({
      data: [row({ place: null, budget: null, budget_type: null, items_total: null, costs_public: false })],
      error: null,
    });
    renderWithClient(<CompletedProjects designerId={DESIGNER} />);
    const card = await screen.findByTestId('completed-project');
    expect(within(card).queryByText('Location:')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('budget-line')).not.toBeInTheDocument();
    expect(within(card).queryByText(/\$/)).not.toBeInTheDocument();
  });

  it("marks the parties' own non-consented project as not public, and costs only they see", async () => {
    rpc.mockResolvedValue({
      data: [row({ is_public: false, costs_public: false, items_total: 1650, budget: 1800, budget_type: 'soft' })],
      error: null,
    });
    renderWithClient(<CompletedProjects designerId={DESIGNER} />);
    const card = await screen.findByTestId('completed-project');
    expect(within(card).getByText('Not public')).toBeInTheDocument();
    expect(within(card).getByText(/the client has not agreed to show it/)).toBeInTheDocument();
    expect(within(card).getByTestId('budget-line')).toHaveTextContent(
      '$1,650 of a $1,800 flexible budget, 92% (only the client and the designer see this)',
    );
  });

  it('loads the next page after the last row of a full page (keyset: completion date and id)', async () => {
    const firstPage = Array.from({ length: 6 }, (_, i) =>
      row({ id: `p${i}`, title: `Room ${i}`, completed_at: `2026-10-0${9 - i}T12:00:00+00:00` }),
    );
    rpc
      .mockResolvedValueOnce({ data: firstPage, error: null })
      .mockResolvedValueOnce({ data: [row({ id: 'p9', title: 'Room 9' })], error: null });
    const { user } = renderWithClient(<CompletedProjects designerId={DESIGNER} />);
    expect(await screen.findAllByTestId('completed-project')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Room 9' })).toBeInTheDocument();
    expect(rpc).toHaveBeenLastCalledWith('portfolio_projects', {
      designer_id: DESIGNER,
      page_size: 6,
      after_completed_at: '2026-10-04T12:00:00+00:00',
      after_id: 'p5',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the portfolio cannot be read', async () => {
    rpc.mockResolvedValue({ data: null, error: { code: '42501', message: 'No user logged in' } });
    renderWithClient(<CompletedProjects designerId={DESIGNER} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects');
  });
});
