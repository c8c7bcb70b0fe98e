import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompletedProject } from '@/features/designers/api/get-completed-projects';
import { CompletedProjects } from '@/features/designers/components/completed-projects';
import { storageFile, storageSignedUrls } from '@/testing/supabase-storage';
import { API_URL, pgrstError, recordRequests, rpcUrl, server, storageUrl } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const DESIGNER = 'd1';

/** rpc portfolio_projects answers `pages` one after the other (an RPC answers 200 with the function's rows). */
function portfolioAnswers(...pages: CompletedProject[][]) {
  let call = 0;
  server.use(
    http.post(rpcUrl('portfolio_projects'), () => HttpResponse.json(pages[Math.min(call++, pages.length - 1)])),
  );
}
/** Every project folder holds a before and an after photo, and a photo that is neither; links are signed. */
function photosAnswer() {
  server.use(
    http.post(storageUrl('object/list/project-photos'), () =>
      HttpResponse.json([storageFile('after-1.png'), storageFile('before-1.png'), storageFile('plan.png')]),
    ),
    http.post(storageUrl('object/sign/project-photos'), ({ request }) => storageSignedUrls(request)),
  );
}

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
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    photosAnswer();
  });

  it('shows a consented project with its place, galleries, completion date and the budget line', async () => {
    portfolioAnswers([row({})]);
    renderApp(<CompletedProjects designerId={DESIGNER} />);
    const card = await screen.findByTestId('completed-project');
    const calls = await sent.to('POST', 'rest/v1/rpc/portfolio_projects');
    expect(calls.map((r) => r.body)).toEqual([{ designer_id: DESIGNER, page_size: 6 }]);
    expect(within(card).getByRole('heading', { name: 'Sunny loft' })).toBeInTheDocument();
    expect(within(card).getByText('Portland, OR')).toBeInTheDocument();
    expect(within(card).getByText(/^Completed/)).toHaveTextContent('Completed Oct 2, 2026');
    expect(within(card).getByTestId('budget-line')).toHaveTextContent('Came in at:$2,310 of a $2,500 hard cap, 92%');
    expect(within(card).queryByText('Not public')).not.toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Sunny loft, before 1' })).toHaveAttribute(
      'src',
      `${API_URL}/storage/v1/object/sign/project-photos/p1/before-1.png?token=signed-p1/before-1.png`,
    );
    expect(within(card).getByRole('img', { name: 'Sunny loft, after 1' })).toBeInTheDocument();
    expect(within(card).getAllByRole('img')).toHaveLength(2);
    // The project's folder, listed by name; only the before/after photos are signed, for an hour.
    const [list] = await sent.to('POST', 'storage/v1/object/list/project-photos');
    expect(list!.body).toMatchObject({ prefix: 'p1', limit: 100, sortBy: { column: 'name', order: 'asc' } });
    const [sign] = await sent.to('POST', 'storage/v1/object/sign/project-photos');
    expect(sign!.body).toEqual({ expiresIn: 3600, paths: ['p1/after-1.png', 'p1/before-1.png'] });
  });

  it('shows no place and no money when the database gives none (an address, no cost consent)', async () => {
    portfolioAnswers([row({ place: null, budget: null, budget_type: null, items_total: null, costs_public: false })]);
    renderApp(<CompletedProjects designerId={DESIGNER} />);
    const card = await screen.findByTestId('completed-project');
    expect(within(card).queryByText('Location:')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('budget-line')).not.toBeInTheDocument();
    expect(within(card).queryByText(/\$/)).not.toBeInTheDocument();
  });

  it("marks the parties' own non-consented project as not public, and costs only they see", async () => {
    portfolioAnswers([
      row({ is_public: false, costs_public: false, items_total: 1650, budget: 1800, budget_type: 'soft' }),
    ]);
    renderApp(<CompletedProjects designerId={DESIGNER} />);
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
    portfolioAnswers(firstPage, [row({ id: 'p9', title: 'Room 9' })]);
    const { user } = renderApp(<CompletedProjects designerId={DESIGNER} />);
    expect(await screen.findAllByTestId('completed-project')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Room 9' })).toBeInTheDocument();
    const calls = await sent.to('POST', 'rest/v1/rpc/portfolio_projects');
    expect(calls.map((r) => r.body)).toEqual([
      { designer_id: DESIGNER, page_size: 6 },
      { designer_id: DESIGNER, page_size: 6, after_completed_at: '2026-10-04T12:00:00+00:00', after_id: 'p5' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the portfolio cannot be read', async () => {
    // Signed out, the function refuses (it raises 42501, which PostgREST answers 401 for anon).
    server.use(http.post(rpcUrl('portfolio_projects'), () => pgrstError(401, '42501', 'No user logged in')));
    renderApp(<CompletedProjects designerId={DESIGNER} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects');
  });
});
