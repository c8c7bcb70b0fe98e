import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as GoodStuffItem } from '@/app/routes/good-stuff/piece';
import {
  authUser,
  later,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';
import { readStateHandlers } from '@/testing/conversation-reads';

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const SELLER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');
const ITEM_ID = 'f0000000-0000-4000-8000-000000000001';
const PHOTOS = ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg', 'https://cdn.example/c.jpg'];

function piece(extra: Record<string, unknown> = {}) {
  return {
    id: ITEM_ID,
    designer_id: SELLER.id,
    title: 'Opaline lamp',
    description: 'White opaline glass shade on a brass stem.',
    category: 'lighting',
    price: 95.5,
    condition: 'very_good',
    photo_urls: PHOTOS,
    image_url: PHOTOS[0],
    location: 'Salem, OR',
    place_id: 'gn:5750162',
    width_in: 12,
    depth_in: 12.5,
    height_in: 20,
    status: 'available',
    reserved_until: null,
    held_until: null,
    created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    ...extra,
  };
}

/** The piece's row (none: not found), its seller's public profile, and the seller-only saved count. */
function backendHolds(row: Record<string, unknown> | null, savedCount = 12) {
  server.use(
    http.get(restUrl('catalog_items'), ({ request }) => {
      const select = new URL(request.url).searchParams.get('select');
      if (select === 'saved_count') return pgrstRows(request, [{ saved_count: savedCount }]);
      return pgrstRows(request, row ? [row] : []);
    }),
    http.get(restUrl('designer_profiles'), ({ request }) =>
      pgrstRows(request, [{ user_id: SELLER.id, full_name: 'Dana Lister', username: 'dana', location: 'Salem, OR' }]),
    ),
  );
}

function renderPage(user: User, id = ITEM_ID, state: unknown = null) {
  return renderApp(<GoodStuffItem />, {
    user,
    url: `/good-stuff/${id}`,
    state,
    path: '/good-stuff/:id',
    routes: [
      { path: '/good-stuff', element: <p>Market</p> },
      { path: '/designer/:designerId', element: <p>Designer page</p> },
      { path: '/good-stuff/:id/edit', element: <p>Edit page</p> },
    ],
  });
}

const meta = (key: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[property="${key}"], meta[name="${key}"]`)?.content;

describe('The item page, /good-stuff/:id', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeAll(() => {
    // Browser APIs the carousel (embla) measures with, which jsdom lacks: nothing is laid out here, so nothing
    // matches, resizes or intersects.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    const observer = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
    vi.stubGlobal('ResizeObserver', observer);
    vi.stubGlobal('IntersectionObserver', observer);
    // The site's generic tags, as index.html has them.
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta property="og:title" content="Good Space" /><meta name="twitter:title" content="Good Space" />',
    );
  });
  beforeEach(() => {
    // The other market features' parts on the page read too (the viewer's saved state, offers, projects and
    // conversation): here the viewer has none.
    server.use(
      ...readStateHandlers(),
      // An account without a role has no profile place: a piece opened without a card's distance asks for none.
      ...['saved_items', 'offers', 'projects', 'listing_conversations', 'orders', 'user_roles'].map((table) =>
        http.get(restUrl(table), ({ request }) => pgrstRows(request, [])),
      ),
      // Buy Now's quote (src/features/orders has its own tests): this seller cannot take payments yet.
      http.post(rpcUrl('buy_now_quote'), () =>
        HttpResponse.json({ can_buy: false, reason: 'seller_not_ready', amount: null, offer_id: null }),
      ),
    );
    sent = recordRequests();
  });
  afterEach(() => sent.stop());
  afterAll(() => vi.unstubAllGlobals());

  it('says it is loading, then shows the piece: photos, price, condition, dimensions, place and distance, seller, when', async () => {
    const answer = later<Record<string, unknown>>();
    server.use(
      http.get(restUrl('catalog_items'), async ({ request }) => pgrstRows(request, [await answer.promise])),
      http.get(restUrl('designer_profiles'), ({ request }) =>
        pgrstRows(request, [{ user_id: SELLER.id, full_name: 'Dana Lister', username: 'dana', location: 'Salem, OR' }]),
      ),
    );
    const { user, router } = renderPage(BUYER, ITEM_ID, { distanceMiles: 43, search: '?q=lamp&max=100' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading piece…');
    answer.give(piece());

    expect(await screen.findByRole('heading', { level: 1, name: 'Opaline lamp' })).toBeInTheDocument();
    expect(screen.getByText('$95.50')).toBeInTheDocument();
    expect(screen.getByText('Lighting')).toBeInTheDocument();
    expect(screen.getAllByText('Very good').length).toBeGreaterThan(0);
    expect(screen.getByText('12 × 12.5 × 20 in')).toBeInTheDocument();
    expect(screen.getByText('Salem, OR · 43 miles away')).toBeInTheDocument();
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
    expect(screen.queryByText(/^(Sold|Reserved|Held for a project)$/)).toBeNull();
    const [read] = await sent.to('GET', 'rest/v1/catalog_items');
    expect(read!.url.searchParams.get('id')).toBe(`eq.${ITEM_ID}`);
    expect(sentAs(read!)).toBe(BUYER.id);

    // The photos: the first loads at once, the others lazily; thumbnails are buttons.
    const carousel = screen.getByRole('region', { name: 'Photos of Opaline lamp' });
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(3);
    const images = slides.map((slide) => within(slide).getByRole('img', { hidden: true }));
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]).toHaveAttribute('width', '1200');
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    await user.click(within(carousel).getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(within(carousel).getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(slides[2]).toHaveAttribute('aria-hidden', 'false');
    expect(within(carousel).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    expect(within(carousel).getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute('aria-current', 'true');

    // A buyer gets no seller buttons and no dead ones.
    expect(screen.queryByRole('button', { name: /Mark sold|Delist|Edit/ })).toBeNull();
    expect(screen.queryByText(/saved this/)).toBeNull();
    expect(await sent.to('GET', 'rest/v1/catalog_items')).toHaveLength(1);

    // Sharing tags and title from the piece.
    await waitFor(() => expect(document.title).toBe('Opaline lamp · Good Stuff · Good Space'));
    expect(meta('og:title')).toBe('Opaline lamp · $95.50');
    expect(meta('twitter:title')).toBe('Opaline lamp · $95.50');
    expect(meta('og:image')).toBe(PHOTOS[0]);
    expect(meta('og:url')).toBe(`${window.location.origin}/good-stuff/${ITEM_ID}`);

    // The seller's card leads to their page; the way back keeps the filters.
    expect(screen.getByRole('link', { name: '← Good Stuff' })).toHaveAttribute('href', '/good-stuff?q=lamp&max=100');
    await user.click(screen.getByRole('link', { name: 'View Dana Lister’s profile' }));
    await screen.findByText('Designer page');
    expect(router.state.location.pathname).toBe(`/designer/${SELLER.id}`);
    // Leaving the page puts the site's tags back.
    expect(meta('og:title')).toBe('Good Space');
  });

  it.each([
    ['Reserved', { reserved_until: new Date(Date.now() + 3600_000).toISOString() }],
    ['Held for a project', { held_until: new Date(Date.now() + 3600_000).toISOString() }],
    ['Sold', { status: 'sold' }],
  ])('shows %s', async (label, extra) => {
    backendHolds(piece(extra));
    renderPage(BUYER);
    expect(await screen.findByText(label)).toBeInTheDocument();
  });

  it("opened from a shared link, asks the database for the piece's distance from the viewer's profile place", async () => {
    backendHolds(piece());
    server.use(
      http.get(restUrl('user_roles'), ({ request }) => pgrstRows(request, [{ role: 'customer' }])),
      http.get(restUrl('customer_profiles'), ({ request }) =>
        pgrstRows(request, [{ latitude: 45.5152, longitude: -122.6784 }]),
      ),
      http.post(rpcUrl('catalog_item_distance'), () => HttpResponse.json(43)),
    );
    renderPage(BUYER);
    expect(await screen.findByText('Salem, OR · 43 miles away')).toBeInTheDocument();
    const [asked, ...again] = await sent.to('POST', 'rest/v1/rpc/catalog_item_distance');
    expect(again).toEqual([]);
    expect(asked!.body).toEqual({ item_id: ITEM_ID, near_lat: 45.5152, near_lng: -122.6784 });
    expect(sentAs(asked!)).toBe(BUYER.id);
  });

  it("links a sold piece's buyer to their order, and Buy Now is off", async () => {
    backendHolds(piece({ status: 'sold' }));
    const ORDER_ID = 'e0000000-0000-4000-8000-000000000001';
    server.use(
      http.get(restUrl('orders'), ({ request }) =>
        pgrstRows(request, [{ id: ORDER_ID, buyer_id: BUYER.id, seller_id: SELLER.id, status: 'paid' }]),
      ),
      http.post(rpcUrl('buy_now_quote'), () =>
        HttpResponse.json({ can_buy: false, reason: 'not_available', amount: null, offer_id: null }),
      ),
    );
    renderPage(BUYER);
    expect(await screen.findByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(screen.getByTestId('piece-order')).toHaveTextContent('You bought this piece.');
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    const [read] = await sent.to('GET', 'rest/v1/orders');
    expect(read!.url.searchParams.get('catalog_item_id')).toBe(`eq.${ITEM_ID}`);
    expect(read!.url.searchParams.get('status')).toBe('in.(paid,collected,disputed,completed)');
  });

  it('a lapsed reservation is no longer shown', async () => {
    backendHolds(piece({ reserved_until: new Date(Date.now() - 60_000).toISOString() }));
    renderPage(BUYER);
    await screen.findByRole('heading', { level: 1, name: 'Opaline lamp' });
    expect(screen.queryByText('Reserved')).toBeNull();
  });

  it.each([
    ['an id that is no uuid, without asking the database', 'not-an-id'],
    ['a piece the viewer may not see (none came back)', ITEM_ID],
  ])('says Piece not found for %s', async (_case, id) => {
    backendHolds(null);
    renderPage(BUYER, id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Piece not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Good Stuff' })).toHaveAttribute('href', '/good-stuff');
    if (id === 'not-an-id') expect(await sent.to('GET', 'rest/v1/catalog_items')).toEqual([]);
  });

  it('says when the piece failed to load', async () => {
    server.use(http.get(restUrl('catalog_items'), () => pgrstError(500, 'XX000', 'boom')));
    renderPage(BUYER);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this piece');
  });

  it('gives its seller Edit, Mark sold, Delist and the saved count; Mark sold updates the status', async () => {
    backendHolds(piece());
    server.use(http.patch(restUrl('catalog_items'), ({ request }) => pgrstRows(request, [{ id: ITEM_ID }])));
    const { user } = renderPage(SELLER);
    expect(await screen.findByText('12 people saved this')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Opaline lamp' })).toHaveAttribute(
      'href',
      `/good-stuff/${ITEM_ID}/edit`,
    );
    expect(screen.getByRole('button', { name: 'Delist Opaline lamp' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Relist/ })).toBeNull();
    // Asked first; Cancel changes nothing.
    await user.click(screen.getByRole('button', { name: 'Mark sold: Opaline lamp' }));
    const ask = await screen.findByRole('dialog', { name: 'Mark Opaline lamp as sold?' });
    expect(ask).toHaveAccessibleDescription(/any open offers on it are declined/);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sent.to('PATCH', 'rest/v1/catalog_items')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Mark sold: Opaline lamp' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mark Opaline lamp as sold?' })).getByRole('button', {
        name: 'Mark sold',
      }),
    );
    await findToast('Marked as sold', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [update] = await sent.to('PATCH', 'rest/v1/catalog_items');
    expect(update!.body).toEqual({ status: 'sold' });
    expect(update!.url.searchParams.get('id')).toBe(`eq.${ITEM_ID}`);
    expect(sentAs(update!)).toBe(SELLER.id);
  });

  it('offers its seller Relist for a delisted piece, and shows the refusal’s message', async () => {
    backendHolds(piece({ status: 'delisted' }), 1);
    server.use(
      http.patch(restUrl('catalog_items'), () => pgrstError(403, '42501', 'permission denied for table catalog_items')),
    );
    const { user } = renderPage(SELLER);
    expect(await screen.findByText('1 person saved this')).toBeInTheDocument();
    expect(screen.getByText('Delisted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Relist Opaline lamp' }));
    await findToast('permission denied for table catalog_items', 'error');
  });
});
