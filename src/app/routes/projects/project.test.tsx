import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Component as ProjectPage } from '@/app/routes/projects/project';
import {
  sentAs,
  authUser,
  functionUrl,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storageUrl,
} from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';
import { aMilestone } from '@/testing/factories';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';
import { readStateHandlers } from '@/testing/conversation-reads';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/**
 * The backend for a subscribed customer: the project read (RLS: `project` is what the customer may see), then,
 * when that finds nothing, the access rpc's answer; every panel of a visible project is empty.
 */
function backend(
  project: Record<string, unknown> | null,
  access: () => Response = () => HttpResponse.json('denied'),
  location: string | null = null,
) {
  server.use(
    ...readStateHandlers(),
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, project ? [project] : [])),
    http.post(rpcUrl('project_locations'), () =>
      HttpResponse.json(project && location !== null ? [{ id: project.id, location }] : []),
    ),
    http.post(rpcUrl('project_access'), access),
    http.get(restUrl('user_roles'), ({ request }) => pgrstRows(request, [{ role: 'customer' }])),
    http.post(functionUrl('check-subscription'), () => subscriptionStatus('client', true)),
    ...[
      'project_bids',
      'board_proposals',
      'project_photo_notes',
      'messages',
      'project_milestones',
      'milestone_payments',
      'milestone_disputes',
    ].map((table) => http.get(restUrl(table), ({ request }) => pgrstRows(request, []))),
    http.post(storageUrl('object/list/project-photos'), () => HttpResponse.json([])),
  );
}

function renderPage(id = PROJECT_ID) {
  return renderApp(<ProjectPage />, {
    user: CUSTOMER,
    url: `/project/${id}`,
    path: '/project/:projectId',
    routes: [{ path: '/dashboard/customer', element: <p>customer dashboard</p> }],
  });
}

describe('project page: a project the user cannot see', () => {
  let sent: ReturnType<typeof recordRequests>;
  let unanswered: string[];
  beforeEach(() => {
    sent = recordRequests();
    unanswered = [];
    server.events.on('request:unhandled', ({ request }) => {
      unanswered.push(`${request.method} ${request.url}`);
    });
  });
  afterEach(() => expect(unanswered).toEqual([]));

  /** The page read the project as the user, and asked the rpc about it (or not). */
  async function expectAsked({ access }: { access: boolean }) {
    const [read] = await sent.to('GET', 'rest/v1/projects');
    expect(read!.url.searchParams.get('id')).toBe(`eq.${PROJECT_ID}`);
    expect(sentAs(read!)).toBe(CUSTOMER.id);
    const asked = await sent.to('POST', 'rest/v1/rpc/project_access');
    if (!access) return expect(asked).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toEqual({ project_id: PROJECT_ID });
    expect(sentAs(asked[0]!)).toBe(CUSTOMER.id);
  }

  it("says 'Access denied' and goes back when the project exists but is not theirs", async () => {
    backend(null, () => HttpResponse.json('denied'));
    renderPage();
    expect(await screen.findByText('customer dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    await expectAsked({ access: true });
    await findToast('Access denied', 'error');
    expect(raisedToasts('error')).not.toContain('Project not found');
  });

  it("says 'Project not found' and goes back when there is no such project", async () => {
    backend(null, () => HttpResponse.json('missing'));
    renderPage();
    expect(await screen.findByText('customer dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    await expectAsked({ access: true });
    await findToast('Project not found', 'error');
    expect(raisedToasts('error')).not.toContain('Access denied');
  });

  it("does not ask the server about an id that cannot name a project: 'Project not found'", async () => {
    backend(null);
    renderPage('not-a-project');
    expect(await screen.findByText('customer dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await sent.to('GET', 'rest/v1/projects')).toEqual([]);
    expect(await sent.to('POST', 'rest/v1/rpc/project_access')).toEqual([]);
    await findToast('Project not found', 'error');
  });

  it('shows a failure, not a wrong message, when the access check itself fails', async () => {
    backend(null, () =>
      pgrstError(
        503,
        'PGRST000',
        'Database connection error. Retrying the connection.',
        'connection to server at "127.0.0.1", port 5432 failed: Connection refused',
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Failed to load the project.');
    await expectAsked({ access: true });
    await findToast('Failed to load projects', 'error');
    expect(raisedToasts('error')).not.toContain('Access denied');
  });

  it('asks nothing more when the project is visible', async () => {
    backend({
      id: PROJECT_ID,
      customer_id: CUSTOMER.id,
      designer_id: null,
      title: 'Sunny loft',
      description: 'A bright room with old floors',
      place_id: 'gn:5746545',
      place: { label: 'Portland, OR' },
      space_size: 400,
      budget: 1000,
      budget_type: 'soft',
      preferred_style: 'Modern',
      status: 'pending',
      items_total: 0,
      created_at: '2026-11-22T06:00:00Z',
      updated_at: '2026-11-22T06:00:00Z',
      completed_at: null,
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sunny loft' }, { timeout: 5000 })).toBeInTheDocument();
    await expectAsked({ access: false });
    expect(raisedToasts('error')).toEqual([]);
  });
});

describe("project page: the other party's e-mail address (docs/decisions/0030-safe-by-default.md)", () => {
  const DESIGNER_ID = 'd0000000-0000-4000-8000-000000000002';
  const project = (status: string) => ({
    id: PROJECT_ID,
    customer_id: CUSTOMER.id,
    designer_id: DESIGNER_ID,
    title: 'Sunny loft',
    description: 'A bright room with old floors',
    place_id: 'gn:5746545',
    place: { label: 'Portland, OR' },
    space_size: 400,
    budget: 1000,
    budget_type: 'soft',
    preferred_style: 'Modern',
    status,
    items_total: 0,
    created_at: '2026-11-22T06:00:00Z',
    updated_at: '2026-11-22T06:00:00Z',
    completed_at: status === 'completed' ? '2026-11-23T06:00:00Z' : null,
  });
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });
  afterEach(() => sent.stop());

  function answerPanels(designer: { suspended_at: string | null } = { suspended_at: null }) {
    server.use(
      // The other party, with Report and Block (docs/trust-and-safety.md).
      http.get(restUrl('profiles'), ({ request }) =>
        pgrstRows(request, [{ id: DESIGNER_ID, full_name: 'Dora Designer', ...designer }]),
      ),
      http.post(rpcUrl('block_state'), () => HttpResponse.json('none')),
      http.get(restUrl('project_items'), ({ request }) => pgrstRows(request, [])),
      http.get(restUrl('project_portfolio_consent'), ({ request }) => pgrstRows(request, [])),
      http.post(rpcUrl('contact_email'), () => HttpResponse.json('dora@example.com')),
    );
  }

  it("shows the customer of an active project their designer's address as a mailto link", async () => {
    backend(project('active'));
    answerPanels();
    renderPage();
    const link = await screen.findByRole(
      'link',
      { name: 'E-mail your designer at dora@example.com' },
      { timeout: 5000 },
    );
    expect(link).toHaveAttribute('href', 'mailto:dora@example.com');
    expect(link.closest('p')).toHaveTextContent('Contact: dora@example.com');
    const [asked] = await sent.to('POST', 'rest/v1/rpc/contact_email');
    expect(asked!.body).toEqual({ p_user: DESIGNER_ID });
    expect(sentAs(asked!)).toBe(CUSTOMER.id);
  });

  it("says the project is paused while Good Space has suspended the other party's account", async () => {
    backend(project('active'));
    answerPanels({ suspended_at: '2026-11-25T09:00:00Z' });
    renderPage();
    const about = await screen.findByRole('region', { name: 'About your designer' }, { timeout: 5000 });
    expect(within(about).getByRole('status')).toHaveTextContent(
      "This project is paused: Good Space suspended Dora Designer's account.",
    );
    expect(within(about).getByRole('button', { name: 'Report Dora Designer' })).toBeInTheDocument();
    expect(await within(about).findByRole('button', { name: 'Block Dora Designer' })).toBeInTheDocument();
    const [read] = await sent.to('GET', 'rest/v1/profiles');
    expect(read!.url.searchParams.get('id')).toBe(`eq.${DESIGNER_ID}`);
    expect(read!.url.searchParams.get('select')).toBe('id,full_name,suspended_at');
    // The customer does not report their own project.
    expect(screen.queryByRole('button', { name: 'Report this project' })).not.toBeInTheDocument();
  });

  it('names the other party without a pause while their account is in good standing', async () => {
    backend(project('active'));
    answerPanels();
    renderPage();
    const about = await screen.findByRole('region', { name: 'About your designer' }, { timeout: 5000 });
    expect(about).toHaveTextContent('With your designer: Dora Designer');
    expect(within(about).queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps Mark as Complete off, saying why, while Good Space holds money of a milestone (docs/milestones.md)', async () => {
    backend(project('active'));
    answerPanels();
    server.use(
      http.get(restUrl('project_milestones'), ({ request }) =>
        pgrstRows(request, [
          aMilestone({
            project_id: PROJECT_ID,
            customer_id: CUSTOMER.id,
            designer_id: DESIGNER_ID,
            status: 'submitted',
          }),
        ]),
      ),
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Milestones' }, { timeout: 5000 });
    expect(await within(section).findByRole('article', { name: 'Design board' })).toHaveTextContent('Submitted');
    const complete = await screen.findByRole('button', { name: 'Mark as Complete' });
    await waitFor(() => expect(complete).toBeDisabled());
    expect(complete).toHaveAccessibleDescription(
      'Release or settle every funded milestone before marking the project complete.',
    );
  });

  it('offers Mark as Complete once every milestone is released or refunded', async () => {
    backend(project('active'));
    answerPanels();
    server.use(
      http.get(restUrl('project_milestones'), ({ request }) =>
        pgrstRows(request, [
          aMilestone({ project_id: PROJECT_ID, status: 'released', released_amount: 300 }),
          aMilestone({
            project_id: PROJECT_ID,
            position: 2,
            title: 'Sourcing',
            status: 'refunded',
            refunded_amount: 300,
          }),
        ]),
      ),
    );
    renderPage();
    expect(await screen.findByRole('article', { name: 'Sourcing' }, { timeout: 5000 })).toHaveTextContent('Refunded');
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
  });

  it('offers Find pieces for this project: Good Stuff near its place, up to the remaining budget', async () => {
    backend({ ...project('active'), budget: 1000, items_total: 380.5 });
    answerPanels();
    renderPage();
    const link = await screen.findByRole('link', { name: 'Find pieces for this project' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/good-stuff?max=619&within=25&project=${PROJECT_ID}`);
  });

  it('has no price limit once nothing is left, and no link once the project is completed', async () => {
    backend({ ...project('active'), budget: 1000, items_total: 1200 });
    answerPanels();
    const { unmount } = renderPage();
    const link = await screen.findByRole('link', { name: 'Find pieces for this project' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/good-stuff?within=25&project=${PROJECT_ID}`);
    unmount();

    backend(project('completed'));
    server.use(
      http.get(restUrl('projects'), ({ request }) =>
        pgrstRows(request, [{ ...project('completed'), portfolio_consent: false, portfolio_show_costs: false }]),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sunny loft' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find pieces for this project' })).toBeNull();
  });

  it('asks for no address once the project is completed', async () => {
    backend(project('completed'));
    answerPanels();
    server.use(
      http.get(restUrl('projects'), ({ request }) =>
        pgrstRows(request, [{ ...project('completed'), portfolio_consent: false, portfolio_show_costs: false }]),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sunny loft' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await sent.to('POST', 'rest/v1/rpc/contact_email')).toEqual([]);
    expect(screen.queryByText(/Contact:/)).not.toBeInTheDocument();
  });
});

describe('project page: the location (docs/decisions/0030-safe-by-default.md)', () => {
  const visible = {
    id: PROJECT_ID,
    customer_id: CUSTOMER.id,
    designer_id: null,
    title: 'Sunny loft',
    description: 'A bright room with old floors',
    place_id: 'gn:5746545',
    place: { label: 'Portland, OR' },
    space_size: 400,
    budget: 1000,
    budget_type: 'soft',
    preferred_style: 'Modern',
    status: 'pending',
    items_total: 0,
    created_at: '2026-11-22T06:00:00Z',
    updated_at: '2026-11-22T06:00:00Z',
    completed_at: null,
  };
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });
  afterEach(() => sent.stop());

  it('shows the customer the location as they typed it, asked of project_locations', async () => {
    backend(visible, undefined, '12 Elm Street, Portland, OR');
    renderPage();
    expect(await screen.findByText('12 Elm Street, Portland, OR', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Portland, OR')).not.toBeInTheDocument();
    const [asked] = await sent.to('POST', 'rest/v1/rpc/project_locations');
    expect(asked!.body).toEqual({ p_projects: [PROJECT_ID] });
    const [read] = await sent.to('GET', 'rest/v1/projects');
    expect(read!.url.searchParams.get('select')).not.toMatch(/location|latitude|longitude/);
  });

  it("shows the place's label when the database gives no text (a designer before the project is theirs)", async () => {
    backend(visible, undefined, null);
    renderPage();
    expect(await screen.findByText('Portland, OR', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
