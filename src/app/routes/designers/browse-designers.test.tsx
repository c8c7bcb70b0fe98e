import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Component as BrowseDesigners } from '@/app/routes/designers/browse-designers';
import { AuthContext } from '@/features/account/utils/auth-context';
import { deviceGeolocation, removeDeviceGeolocation } from '@/testing/device-geolocation';
import {
  authUser,
  functionUrl,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  sessionFor,
  storeSession,
} from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/** A row of search_designers: the card's columns, created_at, distance_miles and within_reach. */
function designer(i: number, miles: number | null, withinReach: boolean | null) {
  return {
    user_id: `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    full_name: `Designer ${i}`,
    username: `designer${i}`,
    bio: 'Thrifted rooms.',
    base_rate: 300,
    rate_per_item: 0,
    rate_per_sqft: 0,
    specialties: ['Coastal'],
    experience_years: 2,
    location: 'Salem, OR',
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - i)).toISOString(),
    rating: null,
    review_count: 0,
    distance_miles: miles,
    within_reach: withinReach,
  };
}

/**
 * The backend: the customer's own profile (coordinates from its place), the directory from search_designers
 * (`near` when an origin is sent, `anywhere` without one), no sent nudges, a membership.
 */
function backendHolds({
  profile,
  near,
  anywhere = [],
}: {
  profile: { latitude: number | null; longitude: number | null };
  near: unknown[];
  anywhere?: unknown[];
}) {
  server.use(
    http.get(restUrl('customer_profiles'), ({ request }) => pgrstRows(request, [profile])),
    http.post(rpcUrl('search_designers'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json('origin_latitude' in body ? near : anywhere);
    }),
    http.get(restUrl('designer_nudges'), ({ request }) => pgrstRows(request, [])),
    // Each card's Save heart: nobody saved yet.
    http.get(restUrl('saved_designers'), ({ request }) => pgrstRows(request, [])),
    http.post(functionUrl('check-subscription'), () => subscriptionStatus('client', true)),
  );
}

function renderPage() {
  storeSession(CUSTOMER);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext
        value={{ status: 'signed-in', session: sessionFor(CUSTOMER), user: CUSTOMER, event: 'INITIAL_SESSION' }}
      >
        <MemoryRouter initialEntries={['/browse-designers']}>
          <BrowseDesigners />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

/** The card whose title is `name`. */
const card = (name: string) =>
  screen.getByText(name, { exact: true }).closest<HTMLElement>('[data-testid="designer-card"]')!;

describe('Browse Designers: nearest first with distances (search_designers)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let device: ReturnType<typeof deviceGeolocation>;
  beforeEach(() => {
    sent = recordRequests();
    device = deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  it("measures from the customer's place and shows every designer nearest first, with distances", async () => {
    backendHolds({
      profile: { latitude: 45.5152, longitude: -122.6784 },
      near: [designer(1, 0, false), designer(2, 43, false), designer(3, null, false)],
    });
    renderPage();
    await screen.findByText('Designer 1');
    expect(within(card('Designer 1')).getByText('under a mile away')).toBeInTheDocument();
    expect(within(card('Designer 2')).getByText('43 miles away')).toBeInTheDocument();
    expect(within(card('Designer 3')).queryByText(/miles? away/)).toBeNull();
    expect(
      screen.getByText('Find a designer you like, nearest first, and nudge them about one of your projects.'),
    ).toBeInTheDocument();
    expect(device.asked).not.toHaveBeenCalled();
    const [first, ...more] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(more).toEqual([]);
    // Not only those within 100 miles: a customer browsing looks for anyone they like.
    expect(first!.body).toEqual({
      verified_only: false,
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      sort: 'nearest',
      page_size: 24,
      near_only: false,
    });
    expect(first!.url.searchParams.get('order')).toBe('distance_miles.asc.nullslast,user_id.asc');
  });

  it("lists every designer while the device's permission prompt waits, then nearest first from its position", async () => {
    backendHolds({
      profile: { latitude: null, longitude: null },
      anywhere: [designer(9, null, null), designer(2, null, null)],
      near: [designer(2, 12, false), designer(9, 1744, false)],
    });
    renderPage();
    await screen.findByText('Designer 9');
    expect(screen.queryByText(/miles? away/)).toBeNull();
    expect(screen.getByText('Find a designer you like and nudge them about one of your projects.')).toBeInTheDocument();
    await waitFor(() => expect(device.asked).toHaveBeenCalledTimes(1));

    device.answer(44.9429, -123.0351);
    expect(await screen.findByText('12 miles away')).toBeInTheDocument();
    expect(within(card('Designer 9')).getByText('1,744 miles away')).toBeInTheDocument();
    const names = screen.getAllByTestId('designer-card').map((c) => within(c).getByText(/^Designer \d+$/).textContent);
    expect(names).toEqual(['Designer 2', 'Designer 9']);
    expect(
      screen.getByText('Find a designer you like, nearest first, and nudge them about one of your projects.'),
    ).toBeInTheDocument();
    const [anywhere, near] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(anywhere!.body).toEqual({ verified_only: false, sort: 'nearest', page_size: 24, near_only: false });
    expect(near!.body).toEqual({
      verified_only: false,
      origin_latitude: 44.9429,
      origin_longitude: -123.0351,
      sort: 'nearest',
      page_size: 24,
      near_only: false,
    });
  });
});
