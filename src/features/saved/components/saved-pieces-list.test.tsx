import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedDesignersList } from '@/features/saved/components/saved-designers-list';
import { SavedItemsList } from '@/features/saved/components/saved-pieces-list';
import { authUser, pgrstRows, recordRequests, restUrl, server, storeSession } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const LAMP = 'f0000000-0000-4000-8000-000000000001';
const GONE = 'f0000000-0000-4000-8000-000000000002';
const ADA = 'd0000000-0000-4000-8000-000000000001';

const lamp = {
  id: LAMP,
  title: 'Opaline lamp',
  price: 95,
  category: 'lighting',
  status: 'available',
  photo_urls: ['https://example.com/lamp.jpg'],
  image_url: 'https://example.com/lamp.jpg',
  reserved_until: new Date(Date.now() + 3600_000).toISOString(),
  held_until: null,
};

describe('Saved (docs/product.md, Saved)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });

  it('lists saved pieces last saved first with their state, says when one is gone, and removes one', async () => {
    let rows = [
      { catalog_item_id: LAMP, created_at: '2026-11-26T10:00:00+00:00', item: lamp },
      { catalog_item_id: GONE, created_at: '2026-11-25T10:00:00+00:00', item: null },
    ];
    server.use(
      http.get(restUrl('saved_items'), ({ request }) => pgrstRows(request, rows)),
      http.get(restUrl('notifications'), ({ request }) => pgrstRows(request, [])),
      http.delete(restUrl('saved_items'), ({ request }) => {
        rows = rows.filter(
          (r) => `eq.${r.catalog_item_id}` !== new URL(request.url).searchParams.get('catalog_item_id'),
        );
        return pgrstRows(request, []);
      }),
    );
    const { user } = renderApp(
      <SavedItemsList userId={USER.id} itemHref={(id) => `/good-stuff/${id}`} browseHref="/good-stuff" />,
    );
    const [first, second] = await screen.findAllByTestId('saved-item');
    expect(within(first!).getByRole('link', { name: 'Opaline lamp' })).toHaveAttribute('href', `/good-stuff/${LAMP}`);
    expect(first).toHaveTextContent('$95');
    expect(first).toHaveTextContent('Reserved');
    expect(second).toHaveTextContent('This piece is no longer listed');
    const [read] = await sent.to('GET', 'rest/v1/saved_items');
    expect(read!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,catalog_item_id.desc');

    await user.click(within(first!).getByRole('button', { name: 'Remove Opaline lamp from Saved' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('saved-item')).toHaveLength(1));
    await findToast('Removed Opaline lamp from Saved', 'success');
    const [remove] = await sent.to('DELETE', 'rest/v1/saved_items');
    expect(remove!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
  });

  it('says a sold piece is sold and a piece whose price dropped since saving what it was', async () => {
    const SIDEBOARD = 'f0000000-0000-4000-8000-000000000003';
    const CHAIR = 'f0000000-0000-4000-8000-000000000004';
    const piece = (id: string, title: string, price: number, status = 'available') => ({
      ...lamp,
      id,
      title,
      price,
      status,
      reserved_until: null,
    });
    server.use(
      http.get(restUrl('saved_items'), ({ request }) =>
        pgrstRows(request, [
          {
            catalog_item_id: SIDEBOARD,
            created_at: '2026-11-20T10:00:00+00:00',
            item: piece(SIDEBOARD, 'Teak sideboard', 180),
          },
          {
            catalog_item_id: CHAIR,
            created_at: '2026-11-19T10:00:00+00:00',
            item: piece(CHAIR, 'Cane chair', 60, 'sold'),
          },
          { catalog_item_id: LAMP, created_at: '2026-11-18T10:00:00+00:00', item: piece(LAMP, 'Opaline lamp', 95) },
        ]),
      ),
      http.get(restUrl('notifications'), ({ request }) =>
        pgrstRows(request, [
          // Before it was saved: not the saver's "was".
          { data: { item_id: SIDEBOARD, old_price: 300, new_price: 260 }, created_at: '2026-11-10T10:00:00+00:00' },
          { data: { item_id: SIDEBOARD, old_price: 220, new_price: 200 }, created_at: '2026-11-21T10:00:00+00:00' },
          { data: { item_id: SIDEBOARD, old_price: 200, new_price: 180 }, created_at: '2026-11-22T10:00:00+00:00' },
          // The lamp dropped and went back up above it: no "was".
          { data: { item_id: LAMP, old_price: 90, new_price: 80 }, created_at: '2026-11-21T10:00:00+00:00' },
        ]),
      ),
    );
    renderApp(<SavedItemsList userId={USER.id} itemHref={(id) => `/good-stuff/${id}`} browseHref="/good-stuff" />);
    const [sideboard, chair, lampRow] = await screen.findAllByTestId('saved-item');
    expect(sideboard).toHaveTextContent('$180Price dropped, was $220');
    expect(chair).toHaveTextContent('Sold');
    expect(chair).not.toHaveTextContent('was');
    expect(lampRow).not.toHaveTextContent('was');
    const [drops] = await sent.to('GET', 'rest/v1/notifications');
    expect(drops!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(drops!.url.searchParams.get('kind')).toBe('eq.price_drop');
    expect(drops!.url.searchParams.get('data->>item_id')).toBe(`in.(${SIDEBOARD},${CHAIR},${LAMP})`);
  });

  it('says how to save something when nothing is saved', async () => {
    server.use(http.get(restUrl('saved_items'), ({ request }) => pgrstRows(request, [])));
    renderApp(<SavedItemsList userId={USER.id} itemHref={(id) => `/good-stuff/${id}`} browseHref="/good-stuff" />);
    expect(await screen.findByText(/No saved pieces yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Good Stuff' })).toHaveAttribute('href', '/good-stuff');
  });

  it("lists saved designers with their public profile's name, linking to it", async () => {
    server.use(
      http.get(restUrl('saved_designers'), ({ request }) =>
        pgrstRows(request, [{ designer_id: ADA, created_at: '2026-11-26T10:00:00+00:00' }]),
      ),
      http.get(restUrl('designer_profiles'), ({ request }) =>
        pgrstRows(request, [
          { user_id: ADA, full_name: 'Ada Lovelace', username: 'ada', location: 'Portland, OR', bio: null },
        ]),
      ),
    );
    renderApp(
      <SavedDesignersList userId={USER.id} designerHref={(id) => `/designer/${id}`} browseHref="/browse-designers" />,
    );
    const row = await screen.findByTestId('saved-designer');
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/designer/${ADA}`);
    expect(row).toHaveTextContent('Portland, OR');
    const [profiles] = await sent.to('GET', 'rest/v1/designer_profiles');
    expect(profiles!.url.searchParams.get('user_id')).toBe(`in.(${ADA})`);
  });
});
