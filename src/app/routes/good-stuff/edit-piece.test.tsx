import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as EditPiece } from '@/app/routes/good-stuff/edit-piece';
import { AuthContext } from '@/features/account/utils/auth-context';
import { authUser, pgrstRows, restUrl, server, sessionFor, storeSession } from '@/testing/supabase-http';

const SELLER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');
const OTHER = authUser('d0000000-0000-4000-8000-00000000000e', 'erin@example.com');
const ITEM_ID = 'f0000000-0000-4000-8000-000000000001';

function backendHolds(fields: Record<string, unknown> = {}) {
  server.use(
    http.get(restUrl('catalog_items'), ({ request }) =>
      pgrstRows(request, [
        {
          id: ITEM_ID,
          designer_id: SELLER.id,
          title: 'Opaline lamp',
          description: 'White opaline glass.',
          category: 'lighting',
          price: 95,
          condition: 'very_good',
          photo_urls: [],
          image_url: null,
          location: 'Salem, OR',
          place_id: 'gn:5750162',
          width_in: null,
          depth_in: null,
          height_in: null,
          status: 'available',
          reserved_until: null,
          held_until: null,
          created_at: '2026-11-20T10:00:00Z',
          returned_at: null,
          ...fields,
        },
      ]),
    ),
    http.get(restUrl('designer_profiles'), ({ request }) =>
      pgrstRows(request, [{ user_id: SELLER.id, full_name: 'Dana Lister', username: 'dana', location: null }]),
    ),
  );
}

function renderPage(user: User) {
  storeSession(user);
  const router = createMemoryRouter([{ path: '/good-stuff/:id/edit', element: <EditPiece /> }], {
    initialEntries: [`/good-stuff/${ITEM_ID}/edit`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext value={{ status: 'signed-in', session: sessionFor(user), user, event: 'INITIAL_SESSION' }}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
}

describe('Edit listing, /good-stuff/:id/edit', () => {
  it('gives the seller List Vintage’s form filled with the piece (dimensions optional for an older piece)', async () => {
    backendHolds();
    renderPage(SELLER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Opaline lamp');
    expect(screen.getByLabelText('Condition')).toHaveValue('very_good');
    expect(screen.getByLabelText('Location')).toHaveValue('Salem, OR');
    expect(screen.getByText('Dimensions (optional for this older listing)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('says nothing of a return on a piece that was never refused', async () => {
    backendHolds();
    renderPage(SELLER);
    expect(await screen.findByLabelText('Title')).toHaveValue('Opaline lamp');
    expect(screen.queryByTestId('returned-piece')).toBeNull();
  });

  it('tells the seller of a piece refused at pickup that it must be edited before it is listed again', async () => {
    backendHolds({ status: 'delisted', returned_at: '2026-12-05T18:00:00Z' });
    renderPage(SELLER);
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Its buyer refused this piece at pickup on Dec 5, 2026.');
    expect(notice).toHaveTextContent('It stays delisted until you edit it');
    expect(screen.getByLabelText('Title')).toHaveValue('Opaline lamp');
  });

  it('says Piece not found to anyone else', async () => {
    backendHolds();
    renderPage(OTHER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Piece not found' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
