import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_PAGE_SIZE } from '@/features/good-stuff/utils/piece-fields';
import { MyPiecesList } from '@/features/good-stuff/components/my-pieces-list';
import { pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const SELLER = 'd0000000-0000-4000-8000-00000000000d';

function listing(i: number, extra: Record<string, unknown> = {}) {
  return {
    id: `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Piece ${i}`,
    price: 120,
    category: 'chair',
    status: 'available',
    photo_urls: [],
    image_url: null,
    reserved_until: null,
    held_until: null,
    saved_count: 0,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, 100 - i)).toISOString(),
    hidden_at: null,
    ...extra,
  };
}

function setup() {
  return renderApp(<MyPiecesList sellerId={SELLER} />);
}

const row = (title: string) =>
  screen.getByRole('link', { name: title }).closest<HTMLElement>('[data-testid="my-listing"]')!;

describe('My listings (docs/product.md, Good Stuff)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('lists the seller’s pieces of every status with their saved counts and the buttons each status allows', async () => {
    const rows = [
      listing(1, { saved_count: 12 }),
      listing(2, { status: 'sold', saved_count: 1 }),
      listing(3, { status: 'delisted' }),
      listing(4, { reserved_until: new Date(Date.now() + 3600_000).toISOString() }),
    ];
    let status = 'available';
    server.use(
      http.get(restUrl('catalog_items'), ({ request }) => pgrstRows(request, rows)),
      http.patch(restUrl('catalog_items'), async ({ request }) => {
        status = ((await request.json()) as { status: string }).status;
        return pgrstRows(request, [{ id: rows[2]!.id }]);
      }),
    );
    const { user } = setup();
    await screen.findByRole('link', { name: 'Piece 1' });
    const [read] = await sent.to('GET', 'rest/v1/catalog_items');
    expect(read!.url.searchParams.get('designer_id')).toBe(`eq.${SELLER}`);
    // Every status: no status filter.
    expect(read!.url.searchParams.get('status')).toBeNull();
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');

    expect(within(row('Piece 1')).getByText('12 people saved this')).toBeInTheDocument();
    expect(within(row('Piece 1')).getByText('Listed')).toBeInTheDocument();
    expect(within(row('Piece 1')).getByRole('button', { name: 'Mark sold: Piece 1' })).toBeInTheDocument();
    expect(within(row('Piece 2')).getByText('Sold')).toBeInTheDocument();
    expect(within(row('Piece 2')).getByText('1 person saved this')).toBeInTheDocument();
    expect(within(row('Piece 2')).queryByRole('button', { name: /Mark sold|Delist/ })).toBeNull();
    expect(within(row('Piece 3')).getByText('Delisted')).toBeInTheDocument();
    expect(within(row('Piece 4')).getByText('Reserved')).toBeInTheDocument();
    expect(within(row('Piece 1')).getByRole('link', { name: 'Edit Piece 1' })).toHaveAttribute(
      'href',
      `/good-stuff/${rows[0]!.id}/edit`,
    );

    await user.click(within(row('Piece 3')).getByRole('button', { name: 'Relist Piece 3' }));
    await findToast('Listing is back on Good Stuff', 'success');
    expect(status).toBe('available');
    const [update] = await sent.to('PATCH', 'rest/v1/catalog_items');
    expect(update!.url.searchParams.get('id')).toBe(`eq.${rows[2]!.id}`);
    // The list is read again after the change.
    await waitFor(async () => expect(await sent.to('GET', 'rest/v1/catalog_items')).toHaveLength(2));
  });

  it('pages after the last row', async () => {
    const first = Array.from({ length: CATALOG_PAGE_SIZE }, (_, i) => listing(i + 1));
    server.use(
      http.get(restUrl('catalog_items'), ({ request }) =>
        pgrstRows(request, new URL(request.url).searchParams.has('or') ? [listing(40)] : first),
      ),
    );
    const { user } = setup();
    await screen.findByRole('link', { name: 'Piece 1' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Piece 40' });
    const [, next] = await sent.to('GET', 'rest/v1/catalog_items');
    expect(next!.url.searchParams.get('created_at')).toBe(`lte.${first[23]!.created_at}`);
    expect(next!.url.searchParams.get('or')).toBe(`(created_at.lt."${first[23]!.created_at}",id.lt.${first[23]!.id})`);
  });

  it('says when there is nothing listed yet, with the way to list', async () => {
    server.use(http.get(restUrl('catalog_items'), ({ request }) => pgrstRows(request, [])));
    setup();
    expect(await screen.findByText('You have not listed any pieces yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List Vintage Item' })).toHaveAttribute('href', '/list-vintage');
  });

  it('tells the seller Good Space removed a hidden piece, with no way to relist it (docs/trust-and-safety.md)', async () => {
    const rows = [listing(1, { hidden_at: '2026-11-20T10:00:00Z' }), listing(2, { status: 'delisted' })];
    server.use(http.get(restUrl('catalog_items'), ({ request }) => pgrstRows(request, rows)));
    setup();
    await screen.findByRole('link', { name: 'Piece 1' });
    const hidden = row('Piece 1');
    expect(within(hidden).getByRole('status')).toHaveTextContent('Good Space removed this piece from Good Stuff.');
    expect(within(hidden).queryByRole('button')).not.toBeInTheDocument();
    expect(within(hidden).queryByText('Listed')).not.toBeInTheDocument();
    expect(within(row('Piece 2')).getByRole('button', { name: 'Relist Piece 2' })).toBeInTheDocument();
    const [read] = await sent.to('GET', 'rest/v1/catalog_items');
    expect(read!.url.searchParams.get('select')).toContain('hidden_at');
  });
});
