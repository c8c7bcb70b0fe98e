import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Component as GoodStuff } from '@/app/routes/good-stuff/good-stuff';
import { AuthContext } from '@/features/account/utils/auth-context';
import { CATALOG_PAGE_SIZE } from '@/features/good-stuff/utils/piece-fields';
import { deviceGeolocation, removeDeviceGeolocation } from '@/testing/device-geolocation';
import {
  authUser,
  functionUrl,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  sessionFor,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';
import { subscriptionStatus } from '@/testing/subscription-answers';

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dana@example.com');
const LISTER = 'd0000000-0000-4000-8000-00000000000d';
const PORTLAND = { latitude: 45.5152, longitude: -122.6784 };

/** A piece as search_catalog_items returns it. */
function piece(i: number, miles: number | null, extra: Record<string, unknown> = {}) {
  const created_at = new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - i)).toISOString();
  return {
    id: `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    designer_id: LISTER,
    title: `Piece ${i}`,
    price: 85,
    category: 'lighting',
    condition: 'very_good',
    photo_urls: [],
    image_url: null,
    location: 'Salem, OR',
    created_at,
    status: 'available',
    reserved_until: null,
    held_until: null,
    seller_name: 'Dana Lister',
    seller_avatar_url: null,
    distance_miles: miles,
    sort_key: created_at,
    ...extra,
  };
}

type Body = Record<string, unknown>;

/**
 * The backend for a user of `role`: their role, a membership, their own profile's coordinates (null: it names no
 * place), and the market: `search(body)` answers search_catalog_items.
 */
function backendHolds(
  role: 'customer' | 'designer',
  { place, search }: { place: { latitude: number; longitude: number } | null; search: (body: Body) => unknown[] },
) {
  server.use(
    http.get(restUrl('user_roles'), ({ request }) => pgrstRows(request, [{ role }])),
    http.post(functionUrl('check-subscription'), () =>
      subscriptionStatus(role === 'designer' ? 'designer' : 'client', true),
    ),
    http.get(restUrl(`${role}_profiles`), ({ request }) =>
      pgrstRows(request, [place ?? { latitude: null, longitude: null }]),
    ),
    http.post(rpcUrl('search_catalog_items'), async ({ request }) =>
      HttpResponse.json(search((await request.json()) as Body)),
    ),
    // Each card's Save heart: nothing saved yet.
    http.get(restUrl('saved_items'), ({ request }) => pgrstRows(request, [])),
  );
}

function renderPage(user: User, url = '/good-stuff', { loader }: { loader?: () => unknown } = {}) {
  storeSession(user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/good-stuff', element: <GoodStuff />, loader, hydrateFallbackElement: <p>opening</p> },
      { path: '/good-stuff/:id', element: <p>Item page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: sessionFor(user), user, event: 'INITIAL_SESSION' }}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

/** The card whose title is `title`. */
const card = (title: string) =>
  screen.getByRole('link', { name: title }).closest<HTMLElement>('[data-testid="catalog-item"]')!;
const searches = (sent: ReturnType<typeof recordRequests>) => sent.to('POST', 'rest/v1/rpc/search_catalog_items');
const lastSearch = async (sent: ReturnType<typeof recordRequests>) => (await searches(sent)).at(-1)!.body as Body;

describe('Good Stuff: search and filters in the URL (search_catalog_items)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let device: ReturnType<typeof deviceGeolocation>;
  beforeEach(() => {
    sent = recordRequests();
    device = deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  it('opens with the filters a shared link names, and sends them with the viewer’s place', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3), piece(2, 24)] });
    renderPage(CUSTOMER, '/good-stuff?q=opaline&category=lighting&max=100&condition=good&within=25&sort=price_asc');
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.getByLabelText('Search Good Stuff')).toHaveValue('opaline');
    expect(screen.getByLabelText('Category')).toHaveValue('lighting');
    expect(screen.getByLabelText('Max price ($)')).toHaveValue(100);
    expect(screen.getByRole('checkbox', { name: 'Good' })).toBeChecked();
    expect(screen.getByLabelText('Distance')).toHaveValue('25');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    const [read, ...more] = await searches(sent);
    expect(more).toEqual([]);
    expect(sentAs(read!)).toBe(CUSTOMER.id);
    expect(read!.body).toEqual({
      q: 'opaline',
      category: 'lighting',
      max_price: 100,
      conditions: ['good'],
      within_miles: 25,
      near_lat: 45.5152,
      near_lng: -122.6784,
      sort: 'price_asc',
      page_size: 24,
    });
    expect(within(card('Piece 1')).getByText('3 miles away')).toBeInTheDocument();
    expect(within(card('Piece 1')).getByText('Salem, OR · Listed by Dana Lister')).toBeInTheDocument();
    expect(within(card('Piece 1')).getByText('Very good')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 pieces');
    expect(device.asked).not.toHaveBeenCalled();
  });

  it('puts each filter in the URL, searches once typing pauses, and back restores the filters', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    const { user, router } = renderPage(CUSTOMER);
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(await lastSearch(sent)).toEqual({
      near_lat: 45.5152,
      near_lng: -122.6784,
      sort: 'newest',
      page_size: 24,
    });

    await user.type(screen.getByLabelText('Search Good Stuff'), 'opaline lamps');
    await waitFor(() => expect(router.state.location.search).toBe('?q=opaline+lamps'));
    // One search for the words, not one per key.
    await waitFor(async () => expect(await lastSearch(sent)).toMatchObject({ q: 'opaline lamps' }));
    expect((await searches(sent)).filter((r) => (r.body as Body).q !== undefined)).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    await user.type(screen.getByLabelText('Max price ($)'), '100{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Excellent' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=opaline+lamps&category=lighting&max=100&condition=excellent&sort=price_desc',
      ),
    );
    await waitFor(async () =>
      expect(await lastSearch(sent)).toEqual({
        q: 'opaline lamps',
        category: 'lighting',
        max_price: 100,
        conditions: ['excellent'],
        near_lat: 45.5152,
        near_lng: -122.6784,
        sort: 'price_desc',
        page_size: 24,
      }),
    );

    // Open a piece and come back: the same filters, shown and sent.
    await user.click(screen.getByRole('link', { name: 'Piece 1' }));
    await screen.findByText('Item page');
    await router.navigate(-1);
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.getByLabelText('Search Good Stuff')).toHaveValue('opaline lamps');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
    expect(screen.getByRole('checkbox', { name: 'Excellent' })).toBeChecked();

    // Back once more undoes the sort only.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveValue('newest'));
    expect(screen.getByLabelText('Category')).toHaveValue('lighting');
  });

  it('keeps every filter set in quick succession, before the last one reached the URL', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    const { user, router } = renderPage(CUSTOMER);
    await screen.findByRole('link', { name: 'Piece 1' });
    // No pause anywhere: the words are committed as focus leaves the box for the category, the price on Enter.
    await user.type(screen.getByLabelText('Search Good Stuff'), 'opaline');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    await user.type(screen.getByLabelText('Max price ($)'), '100{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Good' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=opaline&category=lighting&max=100&condition=good'),
    );
  });

  it('says when no pieces match and Clear filters brings the whole market back', async () => {
    backendHolds('customer', {
      place: PORTLAND,
      search: (body) => (body.q === 'spaceship' ? [] : [piece(1, 3)]),
    });
    const { user, router } = renderPage(CUSTOMER, '/good-stuff?q=spaceship&category=couch&sort=price_asc');
    expect(await screen.findByText('No pieces match')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: 'Piece 1' });
    // The sort is kept: it narrows nothing.
    expect(router.state.location.search).toBe('?sort=price_asc');
    expect(screen.getByLabelText('Search Good Stuff')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says a min price above the max price is wrong, and asks nothing for it', async () => {
    backendHolds('customer', { place: null, search: () => [piece(1, null)] });
    const { user } = renderPage(CUSTOMER, '/good-stuff?min=200');
    await screen.findByRole('link', { name: 'Piece 1' });
    await user.type(screen.getByLabelText('Max price ($)'), '100{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Min price cannot be above max price');
    expect(screen.getByLabelText('Max price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Min price ($)')).toHaveAccessibleDescription('Min price cannot be above max price');
    expect(screen.queryByRole('link', { name: 'Piece 1' })).toBeNull();
    expect((await searches(sent)).map((r) => (r.body as Body).max_price)).toEqual([undefined]);

    await user.clear(screen.getByLabelText('Min price ($)'));
    await user.tab();
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await lastSearch(sent)).toEqual({ max_price: 100, sort: 'newest', page_size: 24 });
  });

  it('pages after the last row’s sort key and id', async () => {
    const first = Array.from({ length: CATALOG_PAGE_SIZE }, (_, i) => piece(i + 1, i + 3));
    backendHolds('designer', {
      place: PORTLAND,
      search: (body) => ('after_id' in body ? [piece(30, null, { location: null })] : first),
    });
    const { user } = renderPage(DESIGNER);
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.getByRole('status')).toHaveTextContent('24 pieces shown, more to load');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Piece 30' });
    expect(within(card('Piece 30')).queryByText(/miles? away/)).toBeNull();
    const [, next] = await searches(sent);
    expect(next!.body).toEqual({
      near_lat: 45.5152,
      near_lng: -122.6784,
      sort: 'newest',
      after_sort_key: first[23]!.sort_key,
      after_id: first[23]!.id,
      page_size: 24,
    });
    expect(screen.getByRole('status')).toHaveTextContent('25 pieces');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('without a place: no distance filter or sort, with the way to get one', async () => {
    backendHolds('customer', { place: null, search: () => [piece(1, null)] });
    renderPage(CUSTOMER, '/good-stuff?within=25&sort=distance');
    await screen.findByRole('link', { name: 'Piece 1' });
    const distance = screen.getByLabelText('Distance');
    expect(distance).toBeDisabled();
    expect(distance).toHaveAccessibleDescription('Add your location in your profile to see distances');
    const sorts = within(screen.getByLabelText('Sort by'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sorts).toEqual(['Newest', 'Price: low to high', 'Price: high to low']);
    expect(await lastSearch(sent)).toEqual({ sort: 'newest', page_size: 24 });
    expect(device.asked).not.toHaveBeenCalled();
  });

  it('category tabs and the Category filter are one state, in the URL', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    const { user, router } = renderPage(CUSTOMER, '/good-stuff?category=lighting');
    await screen.findByRole('link', { name: 'Piece 1' });
    const tabs = screen.getByRole('tablist', { name: 'Categories' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'Couch', 'Chair', 'Table', 'Desk', 'Bed', 'Dresser', 'Cabinet', 'Lighting', 'Decor', 'Other']);
    expect(within(tabs).getByRole('tab', { name: 'Lighting' })).toHaveAttribute('aria-selected', 'true');
    // The results are the chosen tab's panel.
    expect(screen.getByRole('tabpanel', { name: 'Lighting' })).toContainElement(card('Piece 1'));

    await user.click(within(tabs).getByRole('tab', { name: 'Chair' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=chair'));
    expect(screen.getByLabelText('Category')).toHaveValue('chair');
    await waitFor(async () => expect(await lastSearch(sent)).toMatchObject({ category: 'chair' }));

    // The select moves the tab; the keyboard picks one with Enter.
    await user.selectOptions(screen.getByLabelText('Category'), 'Decor');
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'Decor' })).toHaveAttribute('aria-selected', 'true'),
    );
    within(tabs).getByRole('tab', { name: 'Decor' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Other' })).toHaveFocus();
    expect(router.state.location.search).toBe('?category=decor');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?category=other'));

    // All removes the category; Back brings the last one back (each pick is its own history entry).
    await user.click(within(tabs).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Category')).toHaveValue('');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('other'));
    // Its search is asked for (and answered) within this test, not after it, when no handler is left for it.
    await waitFor(async () => expect(await lastSearch(sent)).toMatchObject({ category: 'other' }));
  });

  it('keeps a tab and a condition picked in quick succession while the route’s loader runs', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    let hold = false;
    let release: () => void = () => {};
    const { user, router } = renderPage(CUSTOMER, '/good-stuff?sort=price_asc', {
      loader: () => (hold ? new Promise<null>((resolve) => (release = () => resolve(null))) : null),
    });
    await screen.findByRole('link', { name: 'Piece 1' });
    hold = true;
    await user.click(screen.getByRole('tab', { name: 'Lighting' }));
    // Shown at once, though the router still waits on the loader.
    expect(screen.getByRole('tab', { name: 'Lighting' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?sort=price_asc');
    await user.click(screen.getByRole('checkbox', { name: 'Good' }));
    expect(screen.getByRole('checkbox', { name: 'Good' })).toBeChecked();
    hold = false;
    release();
    await waitFor(() => expect(router.state.location.search).toBe('?category=lighting&condition=good&sort=price_asc'));
    expect(screen.getByRole('tab', { name: 'Lighting' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Good' })).toBeChecked();
  });
});

describe('Good Stuff: Save this search (save_search)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  const PROJECT = 'a0000000-0000-4000-8000-0000000000a1';
  const SALEM = { latitude: 44.9429, longitude: -123.0351 };

  it('keeps the search with a name and how to be mailed, and says when the database refuses it', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    let refuse = false;
    server.use(
      http.post(rpcUrl('save_search'), async ({ request }) => {
        if (refuse) return pgrstError(400, '23514', 'You can keep at most 50 saved searches.');
        const body = (await request.json()) as Body;
        return HttpResponse.json({ id: 'b0000000-0000-4000-8000-000000000001', name: body.name });
      }),
    );
    const { user } = renderApp(<GoodStuff />, {
      user: CUSTOMER,
      path: '/good-stuff',
      url: '/good-stuff?q=lamp&category=lighting&max=100&within=25&condition=good&sort=price_asc',
    });
    await screen.findByRole('link', { name: 'Piece 1' });
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(dialog).toHaveAccessibleDescription(/“lamp” · Lighting · up to \$100 · within 25 miles · Good/);
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('lamp · Lighting · up to $100 · within 25 miles · Good');
    expect(within(dialog).getByRole('radio', { name: /Instant/ })).toBeChecked();

    // A name is needed (the database says so too).
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Enter a name');
    expect(await sent.to('POST', 'rest/v1/rpc/save_search')).toEqual([]);

    await user.type(name, 'Lamps under $100');
    await user.click(within(dialog).getByRole('radio', { name: /Daily digest/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await findToast('Saved “Lamps under $100”. We’ll tell you when a new piece matches.', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [save] = await sent.to('POST', 'rest/v1/rpc/save_search');
    expect(sentAs(save!)).toBe(CUSTOMER.id);
    // The sort is not part of it; the database copies the origin of the distance itself.
    expect(save!.body).toEqual({
      name: 'Lamps under $100',
      words: 'lamp',
      category: 'lighting',
      min_price: null,
      max_price: 100,
      conditions: ['good'],
      within_miles: 25,
      email: 'daily',
      project_id: null,
    });

    // The 51st: the database's own sentence, in the dialog.
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const again = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(again).getByRole('button', { name: 'Save search' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('You can keep at most 50 saved searches.');
  });

  it('finds pieces for a project from its place, and ties a saved search to it', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    server.use(
      http.get(restUrl('projects'), ({ request }) =>
        pgrstRows(request, [
          {
            id: PROJECT,
            title: 'Living room refresh',
            status: 'active',
            budget: 5000,
            items_total: 4500,
            place: SALEM,
          },
        ]),
      ),
      http.post(rpcUrl('save_search'), async ({ request }) =>
        HttpResponse.json({ id: 'b0000000-0000-4000-8000-000000000002', name: ((await request.json()) as Body).name }),
      ),
    );
    const { user, router } = renderApp(<GoodStuff />, {
      user: CUSTOMER,
      path: '/good-stuff',
      url: `/good-stuff?max=500&within=25&project=${PROJECT}`,
      routes: [{ path: '/project/:id', element: <p>Project page</p> }],
    });
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.getByText(/Finding pieces for/)).toHaveTextContent(
      'Finding pieces for Living room refresh, distances from its place.',
    );
    expect(screen.getByRole('link', { name: 'Living room refresh' })).toHaveAttribute('href', `/project/${PROJECT}`);
    // Distances from the project's place, not the viewer's.
    expect(await lastSearch(sent)).toEqual({
      max_price: 500,
      within_miles: 25,
      near_lat: SALEM.latitude,
      near_lng: SALEM.longitude,
      sort: 'newest',
      page_size: 24,
    });

    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(dialog).toHaveAccessibleDescription(
      /For Living room refresh: the highest price follows the project’s remaining budget\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await findToast(/^Saved “up to \$500 · within 25 miles”/, 'success');
    const [save] = await sent.to('POST', 'rest/v1/rpc/save_search');
    expect(save!.body).toMatchObject({ max_price: 500, within_miles: 25, project_id: PROJECT, email: 'instant' });

    // Not for this project: the plain market, the filters kept.
    await user.click(screen.getByRole('button', { name: 'Not for this project' }));
    await waitFor(() => expect(router.state.location.search).toBe('?max=500&within=25'));
    expect(screen.queryByText(/Finding pieces for/)).toBeNull();
    await waitFor(async () => expect(await lastSearch(sent)).toMatchObject({ near_lat: PORTLAND.latitude }));
  });

  it('leaves the plain market for a project it may not read', async () => {
    backendHolds('customer', { place: PORTLAND, search: () => [piece(1, 3)] });
    server.use(http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [])));
    renderApp(<GoodStuff />, { user: CUSTOMER, path: '/good-stuff', url: `/good-stuff?within=25&project=${PROJECT}` });
    await screen.findByRole('link', { name: 'Piece 1' });
    expect(screen.queryByText(/Finding pieces for/)).toBeNull();
    expect(await lastSearch(sent)).toMatchObject({ near_lat: PORTLAND.latitude, near_lng: PORTLAND.longitude });
  });
});
