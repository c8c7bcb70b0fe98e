import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatedAction } from '@/components/gated-button';
import { PROJECTS_PAGE_SIZE } from '@/features/projects/api/project-types';
import { DesignerDashboard } from '@/features/projects/components/designer-dashboard';
import { deviceGeolocation, removeDeviceGeolocation } from '@/testing/device-geolocation';
import { later, pgrstRows, recordRequests, restUrl, rpcUrl, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

function project(i: number, extra: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    customer_id: 'c1',
    designer_id: null,
    title: `Room ${i}`,
    description: 'A room that needs furnishing',
    place_id: 'gn:5746545',
    place: { label: 'Portland, OR' },
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
/** A project fixture as open_projects answers it: place_label, not the embedded place. */
const asOpenProjectRows = (rows: unknown[]) =>
  (rows as Record<string, unknown>[]).map(({ place, ...row }) => ({
    ...row,
    place_label: (place as { label: string } | null)?.label ?? null,
  }));
const page = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => project(i + 1, extra));

/**
 * The backend: the designer's own profile (its coordinates, which the database sets from its place; `place` null:
 * it names none), the open projects and their total from the database's functions (an RPC answers 200 with the
 * function's result; `openLater` is the page after a cursor), the designer's assigned projects, and their count
 * (HEAD with `Prefer: count=exact`, the total in Content-Range).
 */
function backendHolds({
  place = null,
  open,
  openLater = [],
  openTotal,
  assigned,
  assignedTotal,
}: {
  place?: { latitude: number; longitude: number } | null;
  open: unknown[];
  openLater?: unknown[];
  openTotal: number | Promise<number>;
  assigned: Record<string, unknown>[];
  assignedTotal: number;
}) {
  server.use(
    http.get(restUrl('designer_profiles'), ({ request }) =>
      pgrstRows(request, [place ?? { latitude: null, longitude: null }]),
    ),
    // The function's rows carry the place's label (place_label), where the table read embeds place:places(label).
    http.post(rpcUrl('open_projects'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json(asOpenProjectRows('after_id' in body ? openLater : open));
    }),
    http.post(rpcUrl('open_project_count'), async () => HttpResponse.json(await openTotal)),
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, assigned)),
    // The assigned projects' location as typed (theirs now: docs/decisions/0030-safe-by-default.md).
    http.post(rpcUrl('project_locations'), async ({ request }) => {
      const { p_projects } = (await request.json()) as { p_projects: string[] };
      return HttpResponse.json(p_projects.map((id) => ({ id, location: '12 Elm Street, Portland, OR' })));
    }),
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

const membership: GatedAction = { run: (_key, action) => action(), waitingFor: null, waitingLabel: '' };

function renderDashboard() {
  return renderApp(<DesignerDashboard designerId="d1" membership={membership} onOpenProject={vi.fn()} />);
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
    // Their location as typed, asked for the page's rows at once.
    const [texts, ...again] = await sent.to('POST', 'rest/v1/rpc/project_locations');
    expect(again).toEqual([]);
    expect((texts!.body as { p_projects: string[] }).p_projects).toHaveLength(PROJECTS_PAGE_SIZE);
  });

  it('asks the database for the open projects and their total from the same place', async () => {
    renderDashboard();
    await screen.findByRole('tab', { name: 'Available Projects (57)' });
    // The profile names no place and jsdom has no geolocation: both are asked from anywhere (no origin sent).
    const counts = await sent.to('POST', 'rest/v1/rpc/open_project_count');
    expect(counts.map((r) => r.body)).toEqual([{}]);
    const [first, ...more] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(more).toEqual([]);
    expect(first!.body).toEqual({ page_size: PROJECTS_PAGE_SIZE });
    expect(first!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(screen.getByText('All open projects, newest first.')).toBeInTheDocument();
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

const BROOKLYN = { latitude: 40.6501, longitude: -73.9496 };
/** The card whose title is `title`. */
const card = (title: string) =>
  screen.getByRole('heading', { name: title, level: 3 }).closest<HTMLElement>('[data-testid="project-card"]')!;

describe('DesignerDashboard: open projects measured from the designer (open_projects, docs/decisions/0024)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let device: ReturnType<typeof deviceGeolocation>;
  beforeEach(() => {
    sent = recordRequests();
    device = deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  it("measures from the designer's place before the device: nearest first, 'within 100 miles', each card's distance", async () => {
    const near = Array.from({ length: PROJECTS_PAGE_SIZE }, (_, i) =>
      project(i + 1, { distance_miles: i === 0 ? 1 : i * 2, within_reach: true }),
    );
    backendHolds({
      place: BROOKLYN,
      open: near,
      openLater: [project(30, { distance_miles: null, within_reach: true })],
      openTotal: 25,
      assigned: [],
      assignedTotal: 0,
    });
    const { user } = renderDashboard();
    expect(await screen.findByRole('tab', { name: 'Available Projects (25)' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('project-card')).toHaveLength(PROJECTS_PAGE_SIZE);
    expect(screen.getByText('Projects within 100 miles of you, nearest first.')).toBeInTheDocument();
    expect(within(card('Room 1')).getByText('1 mile away')).toBeInTheDocument();
    expect(within(card('Room 24')).getByText('46 miles away')).toBeInTheDocument();
    expect(device.asked).not.toHaveBeenCalled();

    const [profile, ...again] = await sent.to('GET', 'rest/v1/designer_profiles');
    expect(again).toEqual([]);
    expect(profile!.url.searchParams.get('select')).toBe('latitude,longitude');
    expect(profile!.url.searchParams.get('user_id')).toBe('eq.d1');
    const [first, ...more] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(more).toEqual([]);
    expect(first!.body).toEqual({ origin_latitude: 40.6501, origin_longitude: -73.9496, page_size: 24 });
    const counts = await sent.to('POST', 'rest/v1/rpc/open_project_count');
    expect(counts.map((r) => r.body)).toEqual([{ origin_latitude: 40.6501, origin_longitude: -73.9496 }]);

    // The next page starts after the last row's whole-mile distance and id; a project without a place has none.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('project-card')).toHaveLength(PROJECTS_PAGE_SIZE + 1);
    expect(within(card('Room 30')).queryByText(/miles? away/)).toBeNull();
    const [, next] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(next!.body).toEqual({
      origin_latitude: 40.6501,
      origin_longitude: -73.9496,
      after_miles: 46,
      after_id: near[23]!.id,
      page_size: 24,
    });
  });

  it("says all are listed when no open project is within 100 miles of the device's position", async () => {
    backendHolds({
      open: [project(1, { distance_miles: 1744, within_reach: false })],
      openTotal: 1,
      assigned: [],
      assignedTotal: 0,
    });
    renderDashboard();
    // The profile names no place: the device is asked, and meanwhile every open project is listed.
    await waitFor(() => expect(device.asked).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Finding projects near you…')).toBeInTheDocument();
    device.answer(30.2672, -97.7431);
    expect(await screen.findByText('1,744 miles away')).toBeInTheDocument();
    expect(
      screen.getByText('No open project is within 100 miles of you: showing all of them, nearest first.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/within 100 miles of you, nearest first/)).toBeNull();
    expect(await screen.findByRole('tab', { name: 'Available Projects (1)' })).toBeInTheDocument();
    const [anywhere, near] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(anywhere!.body).toEqual({ page_size: 24 });
    expect(near!.body).toEqual({ origin_latitude: 30.2672, origin_longitude: -97.7431, page_size: 24 });
    const counts = await sent.to('POST', 'rest/v1/rpc/open_project_count');
    expect(counts.map((r) => r.body)).toEqual([{ origin_latitude: 30.2672, origin_longitude: -97.7431 }]);
  });
});
