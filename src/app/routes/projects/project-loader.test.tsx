import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, type LoaderFunctionArgs } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { startEarly } from '@/app/early-start';
import { createRoutes } from '@/app/route-table';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { authUser, functionUrl, pgrstRows, restUrl, server, storageUrl, storeSession } from '@/testing/supabase-http';
import { readStateHandlers } from '@/testing/conversation-reads';

/**
 * The project route's loader and the project page ask for the same queries: every query the page (and the shell
 * around it) mounts was read by the loader, with the same key, and every query the loader reads is used by the
 * page in one of its states. A panel whose query the loader does not start, or starts with other options, fails
 * here; so does a read the loader makes for nothing.
 *
 * The real supabase-js client is answered at the HTTP boundary (src/testing/supabase-http.ts; realtime never
 * connects there, so no catch-up reads), and the app renders with the real router, shell, auth provider and page.
 */

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dora@example.com');

type World = {
  user: User;
  role: 'customer' | 'designer';
  project: Record<string, unknown>;
};

const wire = { world: null as World | null, requests: [] as { method: string; path: string }[] };

/** What the backend answers for the world of the test; anything else is unhandled, which fails the test. */
function answerTheWorld() {
  const world = () => wire.world!;
  const rows = (table: string, list: (w: World) => Record<string, unknown>[]) =>
    http.get(restUrl(table), ({ request }) => pgrstRows(request, list(world())));
  server.use(
    ...readStateHandlers(),
    rows('projects', (w) => [{ ...w.project, portfolio_consent: false, portfolio_show_costs: false }]),
    rows('user_roles', (w) => [{ role: w.role }]),
    rows('profiles', (w) => [{ id: w.user.id }]),
    // Once a designer is assigned, their accepted bid (shown to both parties).
    rows('project_bids', (w) =>
      w.project.designer_id
        ? [
            {
              id: 'b0000000-0000-4000-8000-000000000001',
              project_id: PROJECT_ID,
              designer_id: w.project.designer_id,
              bid_amount: 1200,
              proposal: 'Warm woods and linen',
              estimated_days: 21,
              milestones: null,
              status: 'accepted',
              created_at: '2026-11-22T06:00:00Z',
              designer: { full_name: 'Dora', designer_profile: { verified: null } },
            },
          ]
        : [],
    ),
    ...[
      'board_proposals',
      'project_items',
      'project_photo_notes',
      'messages',
      'project_milestones',
      'milestone_payments',
      'milestone_disputes',
    ].map((table) => rows(table, () => [])),
    http.post(storageUrl('object/list/project-photos'), () => HttpResponse.json([])),
    // The shell's notification bell, on its own schedule (BELL_PATHS): nothing new.
    rows('notifications', () => []),
    http.post(restUrl('rpc/unread_notification_count'), () => HttpResponse.json(0)),
    // The location as typed, for the customer and the assigned designer (rpc project_locations; none to others).
    http.post(restUrl('rpc/project_locations'), () => {
      const { project, user } = world();
      const theirs = project.customer_id === user.id || project.designer_id === user.id;
      return HttpResponse.json(theirs ? [{ id: project.id, location: '12 Elm Street, Portland, OR' }] : []);
    }),
    // The other party's address on an active project (rpc contact_email).
    http.post(restUrl('rpc/contact_email'), () =>
      HttpResponse.json(world().user.id === CUSTOMER.id ? 'dora@example.com' : 'carl@example.com'),
    ),
    // Whether the two parties blocked each other (rpc block_state, docs/trust-and-safety.md): no.
    http.post(restUrl('rpc/block_state'), () => HttpResponse.json('none')),
    http.post(functionUrl('check-subscription'), () => {
      const plan = world().role === 'designer' ? 'designer' : 'client';
      return HttpResponse.json({
        subscribed: true,
        plan,
        product_id: `prod_${plan}`,
        subscription_end: '2027-01-01T00:00:00Z',
      });
    }),
  );
  server.events.on('request:start', ({ request }) => {
    wire.requests.push({ method: request.method, path: new URL(request.url).pathname });
  });
}

function project(status: 'pending' | 'active' | 'completed', designerId: string | null) {
  return {
    id: PROJECT_ID,
    customer_id: CUSTOMER.id,
    designer_id: designerId,
    title: 'Sunny loft',
    description: 'A bright room with old floors',
    place_id: 'gn:5746545',
    place: { label: 'Portland, OR' },
    space_size: 400,
    budget: 1000,
    budget_type: 'soft',
    preferred_style: 'Scandinavian',
    status,
    items_total: 0,
    created_at: '2026-11-22T06:00:00Z',
    updated_at: '2026-11-22T06:00:00Z',
    completed_at: status === 'completed' ? '2026-11-23T06:00:00Z' : null,
  };
}

/** Runs the route's own loader, as the router does when the app starts on the page (it waits for the reads). */
async function runLoader(client: QueryClient) {
  const href = paths.project.getHref(PROJECT_ID);
  const routes = createRoutes(client, { starting: () => true });
  const leaf = matchRoutes(routes, href)?.at(-1);
  const loader = leaf?.route.loader;
  if (typeof loader !== 'function') throw new Error('the project route has no loader');
  await loader({ params: leaf!.params, request: new Request(`http://localhost${href}`) } as LoaderFunctionArgs);
  // The membership check is not awaited by the loader (it only decides the subscribe prompt): let it land.
  await waitFor(() => expect(client.isFetching()).toBe(0));
}

/** Renders the whole app on the page with `client`, once the page shows every panel it has and no spinner. */
async function renderPage(client: QueryClient, panels: string[]) {
  const router = createMemoryRouter(createRoutes(client), { initialEntries: [paths.project.getHref(PROJECT_ID)] });
  const view = render(<App router={router} queryClient={client} />);
  expect(await screen.findByRole('heading', { name: 'Sunny loft' })).toBeInTheDocument();
  for (const panel of panels)
    expect(await screen.findByText(panel, { selector: '[data-slot="card-title"]' })).toBeVisible();
  await waitFor(() => {
    expect(document.querySelector('[data-slot="spinner"]')).toBeNull();
    expect(client.isFetching()).toBe(0);
  });
  return view;
}

/** What the shell's notification bell reads, on its own schedule. */
const BELL_PATHS = ['/rest/v1/notifications', '/rest/v1/rpc/unread_notification_count'];
/** Not a read: the messages panel marks the conversation read once its messages show (docs/working-together.md). */
const MARK_READ_PATH = '/rest/v1/rpc/mark_conversation_read';

const STATES: { name: string; world: World; panels: string[] }[] = [
  {
    name: "the customer's pending project",
    world: { user: CUSTOMER, role: 'customer', project: project('pending', null) },
    panels: ['Photos', 'Messages'],
  },
  {
    name: "the customer's active project",
    world: { user: CUSTOMER, role: 'customer', project: project('active', DESIGNER.id) },
    panels: ['Accepted bid', 'Items & Budget', 'Selection board', 'Photos', 'Messages'],
  },
  {
    name: "the customer's completed project",
    world: { user: CUSTOMER, role: 'customer', project: project('completed', DESIGNER.id) },
    panels: ['Accepted bid', 'Items & Budget', 'Selection board', 'Photos', 'Messages'],
  },
  {
    name: 'a pending project a designer may bid on',
    world: { user: DESIGNER, role: 'designer', project: project('pending', null) },
    panels: [],
  },
  {
    name: "the assigned designer's active project",
    world: { user: DESIGNER, role: 'designer', project: project('active', DESIGNER.id) },
    panels: ['Accepted bid', 'Items & Budget', 'Selection board', 'Photos', 'Messages'],
  },
];

describe("the project page's queries are the ones its route's loader reads", () => {
  const readByLoader = new Set<string>();
  const mountedByPage = new Set<string>();

  beforeEach(answerTheWorld);
  afterEach(() => {
    wire.world = null;
    wire.requests.length = 0;
  });

  it.each(STATES)('$name: every query the page mounts was read by the loader', async ({ world, panels }) => {
    wire.world = world;
    storeSession(world.user);
    const client = createQueryClient();

    await runLoader(client);
    const loaded = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash);
    const loaderRequests = wire.requests.length;
    expect(loaded.length).toBeGreaterThan(0);

    const view = await renderPage(client, panels);
    // The shell's notification bell is not the page's: it reads once the page has settled (ADR 0025), which on a
    // slow machine can fall inside this window. Only the page's own queries and requests count here.
    const mounted = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.getObserversCount() > 0 && q.queryKey[0] !== 'notifications');
    // Mounted with data the page already holds (the items total from the project row) or disabled: no request.
    const asksServer = mounted.filter((q) => q.state.dataUpdateCount + q.state.errorUpdateCount > 0);
    for (const hash of loaded) readByLoader.add(hash);
    for (const q of asksServer) mountedByPage.add(q.queryHash);
    expect(asksServer.map((q) => q.queryHash).filter((hash) => !loaded.includes(hash))).toEqual([]);
    // The page sent no read of its own; the one request after the loader's is the account check of the restored
    // session (the auth provider's, outside React Query), when it has run by now.
    expect(
      wire.requests
        .slice(loaderRequests)
        .filter((r) => r.path !== '/rest/v1/profiles' && r.path !== MARK_READ_PATH && !BELL_PATHS.includes(r.path)),
    ).toEqual([]);

    act(() => view.unmount());
    client.clear();
  });

  it('every query the loader reads is shown by the page in one of those states', () => {
    expect(readByLoader.size).toBeGreaterThan(0);
    expect([...readByLoader].filter((hash) => !mountedByPage.has(hash))).toEqual([]);
  });

  it('the early start of a signed-in deep link reads the same queries, once, into the client the app renders with', async () => {
    const world = STATES[1]!.world;
    wire.world = world;
    storeSession(world.user);
    const viaRouter = createQueryClient();
    await runLoader(viaRouter);
    const expected = viaRouter
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash)
      .sort();
    const routerRequests = wire.requests.map((r) => `${r.method} ${r.path}`).sort();
    viaRouter.clear();
    wire.requests.length = 0;

    const { queryClient: client, started } = startEarly(paths.project.getHref(PROJECT_ID));
    await started;
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryHash)
        .sort(),
    ).toEqual(expected);
    expect(wire.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(routerRequests);

    // The router runs the loader again when the app starts on the page: it finds every read done and asks nothing.
    const early = wire.requests.length;
    const view = await renderPage(client, STATES[1]!.panels);
    // (The shell's bell reads once the page has settled, which on a loaded machine can fall inside this window.)
    expect(
      wire.requests.slice(early).filter((r) => r.path !== '/rest/v1/profiles' && !BELL_PATHS.includes(r.path)),
    ).toEqual([]);
    act(() => view.unmount());
    client.clear();
  });

  it('the early start reads nothing for a page without a loader', async () => {
    wire.world = STATES[1]!.world;
    storeSession(CUSTOMER);
    const { queryClient: client, started } = startEarly(paths.settings.getHref());
    await started;
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(wire.requests).toEqual([]);
  });
});
