import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatedAction } from '@/components/gated-button';
import { PROJECTS_PAGE_SIZE } from '@/features/projects/api/project-types';
import { DesignerDashboard } from '@/features/projects/components/designer-dashboard';
import { renderWithClient } from '@/testing/test-utils';

// The wire: a first page of each list, and the totals the database counts.
const rpc = vi.fn();
const headCount = vi.fn<() => number>();
const assignedPage = vi.fn<() => unknown[]>();

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

function thenable(answer: () => unknown) {
  const builder: Record<string, unknown> = { then: (resolve: (v: unknown) => void) => resolve(answer()) };
  for (const method of ['select', 'eq', 'is', 'or', 'lte', 'order', 'limit', 'range']) builder[method] = () => builder;
  return builder;
}
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: (name: string, args: unknown) => thenable(() => rpc(name, args)),
    from: () => {
      let head = false;
      const builder = thenable(() =>
        head ? { data: null, count: headCount(), error: null } : { data: assignedPage(), error: null },
      );
      builder.select = (_columns: string, options?: { head?: boolean }) => {
        head = Boolean(options?.head);
        return builder;
      };
      return builder;
    },
  },
}));
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
  beforeEach(() => {
    rpc
      .mockReset()
      .mockImplementation((name: string) =>
        name === 'open_project_count' ? { data: 57, error: null } : { data: page(PROJECTS_PAGE_SIZE), error: null },
      );
    headCount.mockReset().mockReturnValue(31);
    assignedPage.mockReset().mockReturnValue(page(PROJECTS_PAGE_SIZE, { designer_id: 'd1', status: 'active' }));
  });

  it("labels the tabs with the database's totals, not the length of the loaded page", async () => {
    renderDashboard();
    expect(await screen.findByRole('tab', { name: 'Available Projects (57)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'My Projects (31)' })).toBeInTheDocument();
    // One page of 24 is on screen, with more to load.
    expect(await screen.findAllByTestId('project-card')).toHaveLength(PROJECTS_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('asks the database for the open projects and their total from the same place', async () => {
    renderDashboard();
    await screen.findByRole('tab', { name: 'Available Projects (57)' });
    // jsdom has no geolocation: the position is unavailable, so both are asked from anywhere.
    expect(rpc).toHaveBeenCalledWith('open_project_count', { origin_latitude: undefined, origin_longitude: undefined });
    expect(rpc).toHaveBeenCalledWith(
      'open_projects',
      expect.objectContaining({
        origin_latitude: undefined,
        origin_longitude: undefined,
        page_size: PROJECTS_PAGE_SIZE,
      }),
    );
  });

  it('shows the bare label until the total is known, never a count of loaded rows', async () => {
    rpc.mockImplementation((name: string) =>
      name === 'open_project_count' ? new Promise(() => {}) : { data: page(3), error: null },
    );
    renderDashboard();
    expect(await screen.findAllByTestId('project-card')).toHaveLength(3);
    expect(screen.getByRole('tab', { name: 'Available Projects' })).toBeInTheDocument();
  });
});
