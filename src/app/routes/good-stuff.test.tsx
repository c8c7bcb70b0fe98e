import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as GoodStuff } from '@/app/routes/good-stuff';
import { AuthContext } from '@/features/auth/utils/auth-context';
import { CATALOG_PAGE_SIZE } from '@/features/catalog/api/get-catalog-items';
import { deviceGeolocation, removeDeviceGeolocation } from '@/testing/device-geolocation';
import {
  authUser,
  functionUrl,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  sessionFor,
  storeSession,
} from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dana@example.com');
const LISTER = 'd0000000-0000-4000-8000-00000000000d';
const PORTLAND = { latitude: 45.5152, longitude: -122.6784 };

/** A piece as nearby_catalog_items returns it (the table read has the same columns without distance_miles). */
function piece(i: number, miles: number | null, extra: Record<string, unknown> = {}) {
  return {
    id: `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    designer_id: LISTER,
    title: `Piece ${i}`,
    description: 'A good old thing',
    category: 'lighting',
    price: 85,
    dimensions: 'Salem, OR',
    condition: 'Good',
    image_url: null,
    location: 'Salem, OR',
    place_id: 'gn:5750162',
    latitude: 44.9429,
    longitude: -123.0351,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - i)).toISOString(),
    distance_miles: miles,
    ...extra,
  };
}

/**
 * The backend for a user of `role`: their role, a membership, their own profile's coordinates (null: it names no place), the
 * listers' names, and the market: `near(body)` answers nearby_catalog_items, `newest` the table read.
 */
function backendHolds(
  role: 'customer' | 'designer',
  {
    place,
    near = () => [],
    newest = [],
  }: {
    place: { latitude: number; longitude: number } | null;
    near?: (body: Record<string, unknown>) => unknown[];
    newest?: unknown[];
  },
) {
  const profile = (request: Request) =>
    new URL(request.url).searchParams.get('select') === 'latitude,longitude'
      ? pgrstRows(request, [place ?? { latitude: null, longitude: null }])
      : pgrstRows(request, [{ user_id: LISTER, full_name: 'Dana Lister', username: 'dana' }]);
  server.use(
    http.get(restUrl('user_roles'), ({ request }) => pgrstRows(request, [{ role }])),
    http.post(functionUrl('check-subscription'), () =>
      subscriptionStatus(role === 'designer' ? 'designer' : 'client', true),
    ),
    // The viewer's own coordinates and the listers' names (designer_profiles) are told apart by what they select.
    http.get(restUrl('customer_profiles'), ({ request }) => profile(request)),
    http.get(restUrl('designer_profiles'), ({ request }) => profile(request)),
    http.post(rpcUrl('nearby_catalog_items'), async ({ request }) =>
      HttpResponse.json(near((await request.json()) as Record<string, unknown>)),
    ),
    http.get(restUrl('catalog_items'), ({ request }) => pgrstRows(request, newest as Record<string, unknown>[])),
  );
}

function renderPage(user: User) {
  storeSession(user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: sessionFor(user), user, event: 'INITIAL_SESSION' }}>
        <MemoryRouter initialEntries={['/good-stuff']}>
          <GoodStuff />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The card whose title is `title`. */
const card = (title: string) =>
  screen.getByText(title, { exact: true }).closest<HTMLElement>('[data-testid="catalog-item"]')!;

describe('Good Stuff: distances from the viewer’s place (nearby_catalog_items)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let device: ReturnType<typeof deviceGeolocation>;
  beforeEach(() => {
    sent = recordRequests();
    device = deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  it('lists a placed customer’s pieces nearest first with their place and distance, filtered by distance and category, paged', async () => {
    const first = Array.from({ length: CATALOG_PAGE_SIZE }, (_, i) => piece(i + 1, i + 3));
    backendHolds('customer', {
      place: PORTLAND,
      near: (body) =>
        body.within_miles === 25
          ? body.item_category === 'couch'
            ? []
            : [piece(1, 3), piece(2, 24)]
          : 'after_id' in body
            ? [piece(30, null, { location: 'Somewhere nice' })]
            : first,
    });
    const user = renderPage(CUSTOMER);

    await screen.findByText('Piece 1');
    expect(within(card('Piece 1')).getByText('Salem, OR · Listed by Dana Lister')).toBeInTheDocument();
    expect(within(card('Piece 1')).getByText('3 miles away')).toBeInTheDocument();
    expect(within(card('Piece 24')).getByText('26 miles away')).toBeInTheDocument();
    const distance = screen.getByRole('combobox', { name: 'Distance' });
    expect(distance).toBeEnabled();
    expect(distance).toHaveValue('');
    expect(screen.queryByText('Add your location in your profile to see distances')).toBeNull();
    expect(device.asked).not.toHaveBeenCalled();
    const [profile, ...again] = await sent.to('GET', 'rest/v1/customer_profiles');
    expect(again).toEqual([]);
    expect(profile!.url.searchParams.get('user_id')).toBe(`eq.${CUSTOMER.id}`);
    expect(await sent.to('GET', 'rest/v1/catalog_items')).toEqual([]);
    const [all] = await sent.to('POST', 'rest/v1/rpc/nearby_catalog_items');
    expect(sentAs(all!)).toBe(CUSTOMER.id);
    expect(all!.body).toEqual({ origin_latitude: 45.5152, origin_longitude: -122.6784, page_size: 24 });
    expect(all!.url.searchParams.get('order')).toBe('distance_miles.asc.nullslast,id.asc');

    // The next page starts after the last row; a piece without a place has no distance.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Piece 30');
    expect(within(card('Piece 30')).getByText('Somewhere nice · Listed by Dana Lister')).toBeInTheDocument();
    expect(within(card('Piece 30')).queryByText(/miles? away/)).toBeNull();
    const [, next] = await sent.to('POST', 'rest/v1/rpc/nearby_catalog_items');
    expect(next!.body).toEqual({
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      after_miles: 26,
      after_id: first[23]!.id,
      page_size: 24,
    });

    // Within 25 miles: the database cuts.
    await user.selectOptions(distance, 'Within 25 miles');
    await waitFor(() => expect(screen.getAllByTestId('catalog-item')).toHaveLength(2));
    expect(within(card('Piece 2')).getByText('24 miles away')).toBeInTheDocument();
    const [, , within25] = await sent.to('POST', 'rest/v1/rpc/nearby_catalog_items');
    expect(within25!.body).toEqual({
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      within_miles: 25,
      page_size: 24,
    });

    // A category keeps the distance.
    await user.click(screen.getByRole('tab', { name: 'Couch' }));
    expect(await screen.findByText('No items within 25 miles of you')).toBeInTheDocument();
    const [, , , couches] = await sent.to('POST', 'rest/v1/rpc/nearby_catalog_items');
    expect(couches!.body).toEqual({
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      within_miles: 25,
      item_category: 'couch',
      page_size: 24,
    });
  });

  it('measures from a designer’s own place', async () => {
    backendHolds('designer', {
      place: { latitude: 40.6501, longitude: -73.9496 },
      near: () => [piece(1, 0)],
    });
    renderPage(DESIGNER);
    await screen.findByText('Piece 1');
    expect(within(card('Piece 1')).getByText('0 miles away')).toBeInTheDocument();
    const [origin] = (await sent.to('GET', 'rest/v1/designer_profiles')).filter(
      (r) => r.url.searchParams.get('select') === 'latitude,longitude',
    );
    expect(origin!.url.searchParams.get('user_id')).toBe(`eq.${DESIGNER.id}`);
    const [read] = await sent.to('POST', 'rest/v1/rpc/nearby_catalog_items');
    expect(read!.body).toEqual({ origin_latitude: 40.6501, origin_longitude: -73.9496, page_size: 24 });
  });

  it('without a place: newest first, no distances, the distance filter disabled with the way to get one', async () => {
    backendHolds('customer', { place: null, newest: [piece(1, null), piece(2, null)] });
    const user = renderPage(CUSTOMER);
    await screen.findByText('Piece 1');
    expect(screen.queryByText(/miles? away/)).toBeNull();
    const distance = screen.getByRole('combobox', { name: 'Distance' });
    expect(distance).toBeDisabled();
    expect(distance).toHaveAccessibleDescription('Add your location in your profile to see distances');
    // The device is not asked on this page.
    expect(device.asked).not.toHaveBeenCalled();
    expect(await sent.to('POST', 'rest/v1/rpc/nearby_catalog_items')).toEqual([]);
    const [all] = await sent.to('GET', 'rest/v1/catalog_items');
    expect(all!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(all!.url.searchParams.get('select')).toContain('location');

    await user.click(screen.getByRole('tab', { name: 'Lighting' }));
    await waitFor(async () => expect(await sent.to('GET', 'rest/v1/catalog_items')).toHaveLength(2));
    const [, lighting] = await sent.to('GET', 'rest/v1/catalog_items');
    expect(lighting!.url.searchParams.get('category')).toBe('eq.lighting');
  });
});
