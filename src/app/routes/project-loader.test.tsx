import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, type LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { startEarly } from '@/app/early-start';
import { createRoutes } from '@/app/route-table';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';

/**
 * The project route's loader and the project page ask for the same queries: every query the page (and the shell
 * around it) mounts was read by the loader, with the same key, and every query the loader reads is used by the
 * page in one of its states. A panel whose query the loader does not start, or starts with other options, fails
 * here; so does a read the loader makes for nothing.
 *
 * The real supabase-js client talks to a fake server at the HTTP boundary (fetch answered by path, a WebSocket that
 * never connects, so no realtime catch-up reads), and the app renders with the real router, shell, auth provider
 * and page.
 */

const API = 'http://127.0.0.1:54321';
const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = { id: 'c0000000-0000-4000-8000-000000000001', email: 'carl@example.com' };
const DESIGNER = { id: 'd0000000-0000-4000-8000-000000000002', email: 'dora@example.com' };

type World = {
  user: typeof CUSTOMER;
  role: 'customer' | 'designer';
  project: Record<string, unknown>;
};
type Request = { method: string; path: string; search: string };

const wire = vi.hoisted(() => {
  vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54321');
  vi.stubEnv('VITE_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_test');
  const state = { world: null as World | null, requests: [] as Request[] };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /** What the backend answers for the world of the test; anything unknown is a 404 the test will notice. */
  function answer(method: string, url: URL, accept: string): Response {
    const world = state.world!;
    const one = accept.includes('vnd.pgrst.object');
    const rows = (list: unknown[]) =>
      one ? (list.length === 1 ? json(list[0]) : json({ code: 'PGRST116' }, 406)) : json(list);
    const table = url.pathname.replace('/rest/v1/', '');
    if (url.pathname.startsWith('/rest/v1/rpc/')) return json({ message: 'no such rpc' }, 404);
    if (url.pathname.startsWith('/rest/v1/')) {
      switch (table) {
        case 'projects':
          return rows([{ ...world.project, portfolio_consent: false, portfolio_show_costs: false }]);
        case 'user_roles':
          return rows([{ role: world.role }]);
        case 'profiles':
          return rows([{ id: world.user.id }]);
        case 'project_bids':
        case 'project_items':
        case 'project_photo_notes':
        case 'messages':
          return rows([]);
      }
    }
    if (method === 'POST' && url.pathname === '/storage/v1/object/list/project-photos') return json([]);
    if (method === 'POST' && url.pathname === '/functions/v1/check-subscription') {
      const plan = world.role === 'designer' ? 'designer' : 'client';
      return json({ subscribed: true, plan, product_id: `prod_${plan}`, subscription_end: '2027-01-01T00:00:00Z' });
    }
    return json({ message: `no route ${method} ${url.pathname}` }, 404);
  }

  vi.stubGlobal('fetch', async (input: string | URL | globalThis.Request, init?: RequestInit) => {
    const request = new globalThis.Request(input, init);
    const url = new URL(request.url);
    state.requests.push({ method: request.method, path: url.pathname, search: url.search });
    return answer(request.method, url, request.headers.get('accept') ?? '');
  });
  // Realtime never connects: channels stay joining, so no catch-up read follows a subscribe.
  vi.stubGlobal(
    'WebSocket',
    class {
      static CONNECTING = 0;
      static OPEN = 1;
      static CLOSING = 2;
      static CLOSED = 3;
      readyState = 0;
      binaryType = 'arraybuffer';
      send() {}
      close() {
        this.readyState = 3;
      }
      addEventListener() {}
      removeEventListener() {}
    },
  );
  return state;
});

/** A session as supabase-js stores it (its key is `sb-<first label of the API host>-auth-token`). */
function storeSession(user: typeof CUSTOMER) {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const base64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', exp };
  const accessToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
  localStorage.setItem(
    `sb-${new URL(API).hostname.split('.')[0]}-auth-token`,
    JSON.stringify({
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: exp,
      refresh_token: 'refresh-token',
      user: {
        id: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: user.email,
        app_metadata: { provider: 'email' },
        user_metadata: {},
        created_at: '2026-11-01T00:00:00Z',
        factors: [],
      },
    }),
  );
}

function project(status: 'pending' | 'active' | 'completed', designerId: string | null) {
  return {
    id: PROJECT_ID,
    customer_id: CUSTOMER.id,
    designer_id: designerId,
    title: 'Sunny loft',
    description: 'A bright room with old floors',
    location: 'Portland, OR',
    latitude: null,
    longitude: null,
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

const STATES: { name: string; world: World; panels: string[] }[] = [
  {
    name: "the customer's pending project",
    world: { user: CUSTOMER, role: 'customer', project: project('pending', null) },
    panels: ['Photos', 'Messages'],
  },
  {
    name: "the customer's active project",
    world: { user: CUSTOMER, role: 'customer', project: project('active', DESIGNER.id) },
    panels: ['Items & Budget', 'Photos', 'Messages'],
  },
  {
    name: "the customer's completed project",
    world: { user: CUSTOMER, role: 'customer', project: project('completed', DESIGNER.id) },
    panels: ['Items & Budget', 'Photos', 'Messages'],
  },
  {
    name: 'a pending project a designer may bid on',
    world: { user: DESIGNER, role: 'designer', project: project('pending', null) },
    panels: [],
  },
  {
    name: "the assigned designer's active project",
    world: { user: DESIGNER, role: 'designer', project: project('active', DESIGNER.id) },
    panels: ['Items & Budget', 'Photos', 'Messages'],
  },
];

describe("the project page's queries are the ones its route's loader reads", () => {
  const readByLoader = new Set<string>();
  const mountedByPage = new Set<string>();

  afterEach(() => {
    localStorage.clear();
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
    const mounted = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.getObserversCount() > 0);
    // Mounted with data the page already holds (the items total from the project row) or disabled: no request.
    const asksServer = mounted.filter((q) => q.state.dataUpdateCount + q.state.errorUpdateCount > 0);
    for (const hash of loaded) readByLoader.add(hash);
    for (const q of asksServer) mountedByPage.add(q.queryHash);
    expect(asksServer.map((q) => q.queryHash).filter((hash) => !loaded.includes(hash))).toEqual([]);
    // The page sent no read of its own; the one request after the loader's is the account check of the restored
    // session (the auth provider's, outside React Query), when it has run by now.
    expect(wire.requests.slice(loaderRequests).filter((r) => r.path !== '/rest/v1/profiles')).toEqual([]);

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
    expect(wire.requests.slice(early).filter((r) => r.path !== '/rest/v1/profiles')).toEqual([]);
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
