import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as Saved } from '@/app/routes/saved/saved';
import { renderApp } from '@/testing/render-app';
import { authUser, pgrstRows, restUrl, server } from '@/testing/supabase-http';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const PROJECT = 'a0000000-0000-4000-8000-0000000000a1';

function backendHolds() {
  server.use(
    http.get(restUrl('saved_items'), ({ request }) => pgrstRows(request, [])),
    http.get(restUrl('saved_designers'), ({ request }) => pgrstRows(request, [])),
    http.get(restUrl('saved_searches'), ({ request }) =>
      pgrstRows(request, [
        {
          id: 'b0000000-0000-4000-8000-000000000001',
          name: 'Lamps under $100',
          words: 'lamp',
          category: 'lighting',
          min_price: null,
          max_price: 100,
          conditions: ['good', 'excellent'],
          within_miles: 25,
          email: 'instant',
          paused: false,
          created_at: '2026-11-26T10:00:00+00:00',
          project: { id: PROJECT, title: 'Den makeover' },
        },
      ]),
    ),
  );
}

describe('Saved: pieces and designers, and searches', () => {
  it('opens on the tab the URL names; a search opens the market with its filters and project', async () => {
    backendHolds();
    const { user, router } = renderApp(<Saved />, { user: USER, path: '/saved', url: '/saved?tab=searches' });
    expect(screen.getByRole('tab', { name: 'Searches' })).toHaveAttribute('aria-selected', 'true');
    const item = await screen.findByTestId('saved-search');
    expect(item).toHaveTextContent('“lamp” · Lighting · up to $100 · within 25 miles · Excellent or Good');
    expect(within(item).getByRole('link', { name: 'Open Lamps under $100' })).toHaveAttribute(
      'href',
      `/good-stuff?q=lamp&category=lighting&max=100&condition=excellent&condition=good&within=25&project=${PROJECT}`,
    );

    await user.click(screen.getByRole('tab', { name: 'Pieces and designers' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(/No saved pieces yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Designers' })).toBeInTheDocument();
  });
});
