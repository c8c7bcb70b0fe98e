import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatedAction } from '@/components/gated-button';
import { PROJECTS_PAGE_SIZE } from '@/features/projects/api/project-types';
import { DesignerDashboard } from '@/features/projects/components/designer-dashboard';
import { later, pgrstRows, recordRequests, restUrl, rpcUrl, server } from '@/testing/supabase-http';
import { renderWithClient } from '@/testing/test-utils';

function project(i: number, extra: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    customer_id: 'c1',
    designer_id: null,
    title: `Room ${i}`,
    description: 'A room that needs furnishing',
    location: 'Portland, OR',
    latitude: null,
    longitude: null,
    space_size: 300,
    budget: 1500,
    budget_type: 'soft',
    preferred_style: 'Coastal',
    status: 'pending',
    items_total: 0,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - i)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    completed_at: null,
    ...extra,
  };
}
const page = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => project(i + 1, extra));

/**
 * The backend: the open projects and their total from the database's functions (an RPC answers 200 with the
 * function's result), the designer's assigned projects, and their count (HEAD with `Prefer: count=exact`, the
 * total in Content-Range).
 */
function backendHolds({
  open,
  openTotal,
  assigned,
  assignedTotal,
}: {
  open: unknown[];
  openTotal: number | Promise<number>;
  assigned: Record<string, unknown>[];
  assignedTotal: number;
}) {
  server.use(
    http.post(rpcUrl('open_projects'), () => HttpResponse.json(open)),
    http.post(rpcUrl('open_project_count'), async () => HttpResponse.json(await openTotal)),
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, assigned)),
    http.head(
      restUrl('projects'),
      () =>
        new HttpResponse(null, {
          status: 200,
          headers: { 'Content-Range': assignedTotal === 0 ? '*/0' : `0-${assignedTotal - 1}/${assignedTotal}` },
        }),
    ),
  );
}

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const membership: GatedAction = { run: (_key, action) => action(), waitingFor: null, waitingLabel: '' };

function renderDashboard() {
  return renderWithClient(
    <MemoryRouter>
      <DesignerDashboard designerId="d1" membership={membership} onOpenProject={vi.fn()} />
    </MemoryRouter>,
  );
}

describe('DesignerDashboard tab totals', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    backendHolds({
      open: page(PROJECTS_PAGE_SIZE),
      openTotal: 57,
      assigned: page(PROJECTS_PAGE_SIZE, { designer_id: 'd1', status: 'active' }),
      assignedTotal: 31,
    });
  });

  it("labels the tabs with the database's totals, not the length of the loaded page", async () => {
    renderDashboard();
    expect(await screen.findByRole('tab', { name: 'Available Projects (57)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'My Projects (31)' })).toBeInTheDocument();
    // One page of 24 is on screen, with more to load.
    expect(await screen.findAllByTestId('project-card')).toHaveLength(PROJECTS_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    // 'My Projects (n)' is counted by the database from the list's own filter, without sending a row.
    const [count, ...more] = await sent.to('HEAD', 'rest/v1/projects');
    expect(more).toEqual([]);
    expect(count!.headers.get('prefer')).toBe('count=exact');
    expect(count!.url.searchParams.get('designer_id')).toBe('eq.d1');
    const [assigned] = await sent.to('GET', 'rest/v1/projects');
    expect(assigned!.url.searchParams.get('designer_id')).toBe('eq.d1');
    expect(assigned!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(assigned!.url.searchParams.get('offset')).toBe('0');
    expect(assigned!.url.searchParams.get('limit')).toBe(String(PROJECTS_PAGE_SIZE));
  });

  it('asks the database for the open projects and their total from the same place', async () => {
    renderDashboard();
    await screen.findByRole('tab', { name: 'Available Projects (57)' });
    // jsdom has no geolocation: the position is unavailable, so both are asked from anywhere (no origin sent).
    const counts = await sent.to('POST', 'rest/v1/rpc/open_project_count');
    expect(counts.map((r) => r.body)).toEqual([{}]);
    const [first, ...more] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(more).toEqual([]);
    expect(first!.body).toEqual({ page_size: PROJECTS_PAGE_SIZE });
    expect(first!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
  });

  it('shows the bare label until the total is known, never a count of loaded rows', async () => {
    const total = later<number>();
    backendHolds({ open: page(3), openTotal: total.promise, assigned: [], assignedTotal: 0 });
    renderDashboard();
    expect(await screen.findAllByTestId('project-card')).toHaveLength(3);
    expect(screen.getByRole('tab', { name: 'Available Projects' })).toBeInTheDocument();
    total.give(3);
    expect(await screen.findByRole('tab', { name: 'Available Projects (3)' })).toBeInTheDocument();
  });
});
