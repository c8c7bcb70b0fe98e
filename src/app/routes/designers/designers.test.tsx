import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Component as Designers } from '@/app/routes/designers/designers';
import { DESIGNERS_PAGE_SIZE } from '@/features/designers/api/get-designers';
import { deviceGeolocation, removeDeviceGeolocation } from '@/testing/device-geolocation';
import {
  authUser,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storageUrl,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const PORTLAND = { latitude: 45.5152, longitude: -122.6784 };

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
    specialties: [],
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
 * The backend: the customer's own profile (its coordinates, set by the database from its place), the directory's
 * pages from search_designers (the first page when no cursor is sent, else `later`), and empty portfolio folders.
 */
function backendHolds({
  profile,
  first,
  later = [],
}: {
  profile: { latitude: number | null; longitude: number | null } | null;
  first: unknown[];
  later?: unknown[];
}) {
  server.use(
    http.get(restUrl('customer_profiles'), ({ request }) => pgrstRows(request, profile ? [profile] : [])),
    http.post(rpcUrl('search_designers'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json('after' in body ? later : first);
    }),
    http.post(storageUrl('object/list/designer-portfolio'), () => HttpResponse.json([])),
    // Each card's Save heart: nobody saved yet.
    http.get(restUrl('saved_designers'), ({ request }) => pgrstRows(request, [])),
  );
}

function renderPage() {
  return renderApp(<Designers />, { user: CUSTOMER, url: '/designers' }).user;
}

/** The card whose title is `name`. */
const card = (name: string) =>
  screen.getByText(name, { exact: true }).closest<HTMLElement>('[data-testid="designer-card"]')!;
const NEAR = 'Design students and professionals within 100 miles of you.';
const ANYWHERE = 'Design students and professionals ready to furnish your space with thrifted finds.';

describe('Available Designers: distances and the 100-mile rule from the database (search_designers)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let device: ReturnType<typeof deviceGeolocation>;
  beforeEach(() => {
    sent = recordRequests();
    device = deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  it("measures from the customer's place, nearest first, says 'within 100 miles', and pages after the last row", async () => {
    const page1 = Array.from({ length: DESIGNERS_PAGE_SIZE }, (_, i) => designer(i + 1, i + 3, true));
    backendHolds({ profile: PORTLAND, first: page1, later: [designer(25, 40, true), designer(26, null, true)] });
    const user = renderPage();

    expect(await screen.findAllByTestId('designer-card')).toHaveLength(DESIGNERS_PAGE_SIZE);
    expect(screen.getByText(NEAR)).toBeInTheDocument();
    expect(within(card('Designer 1')).getByText('3 miles away')).toBeInTheDocument();
    expect(within(card('Designer 24')).getByText('26 miles away')).toBeInTheDocument();
    // The profile named a place: the device is not asked.
    expect(device.asked).not.toHaveBeenCalled();

    const profileReads = await sent.to('GET', 'rest/v1/customer_profiles');
    // The place, and the preferred style (none here: no style filter).
    expect(profileReads.map((r) => r.url.searchParams.get('select')).sort()).toEqual([
      'latitude,longitude',
      'preferred_style',
    ]);
    const profileRead = profileReads[0];
    expect(profileRead!.url.searchParams.get('user_id')).toBe(`eq.${CUSTOMER.id}`);
    const [first, ...more] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(more).toEqual([]);
    expect(sentAs(first!)).toBe(CUSTOMER.id);
    expect(first!.body).toEqual({
      verified_only: false,
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      sort: 'nearest',
      page_size: 24,
      near_only: true,
    });
    expect(first!.url.searchParams.get('order')).toBe('distance_miles.asc.nullslast,user_id.asc');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('designer-card')).toHaveLength(DESIGNERS_PAGE_SIZE + 2);
    expect(within(card('Designer 25')).getByText('40 miles away')).toBeInTheDocument();
    // Without a place, no distance.
    expect(within(card('Designer 26')).queryByText(/miles? away/)).toBeNull();
    const [, next] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(next!.body).toEqual({
      verified_only: false,
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      sort: 'nearest',
      after: {
        user_id: page1[23]!.user_id,
        created_at: page1[23]!.created_at,
        distance_miles: 26,
        rating: null,
        base_rate: 300,
      },
      page_size: 24,
      near_only: true,
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("lists everyone nearest first, without 'within 100 miles', when nobody is that near", async () => {
    backendHolds({ profile: PORTLAND, first: [designer(1, 1744, false), designer(2, 2410, false)] });
    renderPage();
    await screen.findByText('Designer 1');
    expect(within(card('Designer 1')).getByText('1,744 miles away')).toBeInTheDocument();
    expect(within(card('Designer 2')).getByText('2,410 miles away')).toBeInTheDocument();
    expect(screen.getByText(ANYWHERE)).toBeInTheDocument();
    expect(screen.queryByText(NEAR)).toBeNull();
  });

  it("measures from the device when the customer's profile names no place, and reads nothing before it answers", async () => {
    backendHolds({ profile: { latitude: null, longitude: null }, first: [designer(1, 8, true)] });
    renderPage();
    await waitFor(() => expect(device.asked).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading designers…')).toBeInTheDocument();
    expect(await sent.to('POST', 'rest/v1/rpc/search_designers')).toEqual([]);

    device.answer(45.6, -122.55);
    expect(within(await screen.findByTestId('designer-card')).getByText('8 miles away')).toBeInTheDocument();
    expect(screen.getByText(NEAR)).toBeInTheDocument();
    const [first] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(first!.body).toEqual({
      verified_only: false,
      origin_latitude: 45.6,
      origin_longitude: -122.55,
      sort: 'nearest',
      page_size: 24,
      near_only: true,
    });
  });

  it('lists every designer newest first, without distances, when there is no origin; pages after (created_at, id)', async () => {
    const page1 = Array.from({ length: DESIGNERS_PAGE_SIZE }, (_, i) => designer(i + 1, null, null));
    backendHolds({ profile: null, first: page1, later: [designer(25, null, null)] });
    const user = renderPage();
    await waitFor(() => expect(device.asked).toHaveBeenCalledTimes(1));
    device.deny();

    expect(await screen.findAllByTestId('designer-card')).toHaveLength(DESIGNERS_PAGE_SIZE);
    await findToast('Location access denied. Showing all designers.', 'error');
    expect(screen.getByText(ANYWHERE)).toBeInTheDocument();
    expect(screen.queryByText(/miles? away/)).toBeNull();
    const [first] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(first!.body).toEqual({ verified_only: false, sort: 'nearest', page_size: 24, near_only: true });
    expect(first!.url.searchParams.get('order')).toBe('created_at.desc,user_id.desc');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('designer-card')).toHaveLength(DESIGNERS_PAGE_SIZE + 1);
    const [, next] = await sent.to('POST', 'rest/v1/rpc/search_designers');
    expect(next!.body).toEqual({
      verified_only: false,
      sort: 'nearest',
      after: {
        user_id: page1[23]!.user_id,
        created_at: page1[23]!.created_at,
        distance_miles: null,
        rating: null,
        base_rate: 300,
      },
      page_size: 24,
      near_only: true,
    });
  });
});

describe('Available Designers: filters and sort in the URL (search_designers)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    deviceGeolocation();
  });
  afterEach(removeDeviceGeolocation);

  /** The customer's place, and `style` as their preferred style (the landing's choice, stored by name). */
  function profileWith(style: string | null) {
    server.use(
      http.get(restUrl('customer_profiles'), ({ request }) =>
        pgrstRows(request, [{ ...PORTLAND, preferred_style: style }]),
      ),
      http.post(rpcUrl('search_designers'), () => HttpResponse.json([designer(1, 3, true)])),
      http.post(storageUrl('object/list/designer-portfolio'), () => HttpResponse.json([])),
      http.get(restUrl('saved_designers'), ({ request }) => pgrstRows(request, [])),
    );
  }

  it("preselects the customer's preferred style, and 'All styles' keeps it out", async () => {
    profileWith('Mid-Century Modern');
    const { user, router } = renderApp(<Designers />, { user: CUSTOMER, url: '/designers' });
    const style = await screen.findByRole('combobox', { name: 'Style' });
    await waitFor(() => expect(style).toHaveValue('midcentury'));
    await waitFor(() => expect(router.state.location.search).toBe('?style=midcentury'));
    const reads = await sent.to('POST', 'rest/v1/rpc/search_designers');
    // Nothing read before the style was known: every read carries it.
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => (r.body as Record<string, unknown>).style === 'midcentury')).toBe(true);

    await user.selectOptions(style, 'All styles');
    await waitFor(() => expect(router.state.location.search).toBe('?style=any'));
    expect(style).toHaveValue('any');
    await waitFor(async () => {
      const last = (await sent.to('POST', 'rest/v1/rpc/search_designers')).at(-1)!;
      expect(last.body).not.toHaveProperty('style');
    });
  });

  it("keeps 'Mid-Century Modern', rate up to $60 and 4+ stars in the URL and sends them to the database", async () => {
    profileWith(null);
    const { user, router } = renderApp(<Designers />, { user: CUSTOMER, url: '/designers' });
    await screen.findByTestId('designer-card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Style' }), 'Mid-Century Modern');
    await user.type(screen.getByRole('spinbutton', { name: 'Max rate ($)' }), '60{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '4+ stars');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Highest rated');
    await user.click(screen.getByRole('checkbox', { name: 'Verified designers only' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 25 miles');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        style: 'midcentury',
        max: '60',
        rating: '4',
        sort: 'rating',
        verified: '1',
        within: '25',
      }),
    );
    expect(screen.getByText('Design students and professionals within 25 miles of you.')).toBeInTheDocument();
    await waitFor(async () => {
      const last = (await sent.to('POST', 'rest/v1/rpc/search_designers')).at(-1)!;
      expect(last.body).toEqual({
        style: 'midcentury',
        max_rate: 60,
        min_rating: 4,
        verified_only: true,
        within_miles: 25,
        origin_latitude: PORTLAND.latitude,
        origin_longitude: PORTLAND.longitude,
        sort: 'rating',
        page_size: 24,
        near_only: true,
      });
      expect(last.url.searchParams.get('order')).toBe('rating.desc.nullslast,user_id.asc');
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?style=any&sort=rating'));
  });

  it('refuses a lowest rate above the highest with a sentence, and keeps the URL as it was', async () => {
    profileWith(null);
    const { user, router } = renderApp(<Designers />, { user: CUSTOMER, url: '/designers?min=80' });
    await screen.findByTestId('designer-card');
    const max = screen.getByRole('spinbutton', { name: 'Max rate ($)' });
    await user.type(max, '40{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The lowest rate cannot be above the highest');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?min=80');
  });
});
