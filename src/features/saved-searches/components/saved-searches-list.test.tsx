import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '@/features/saved-searches/api/get-saved-searches';
import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list';
import { findToast, renderApp } from '@/testing/render-app';
import { authUser, pgrstError, pgrstRows, recordRequests, restUrl, sentAs, server } from '@/testing/supabase-http';

vi.setConfig({ testTimeout: 30_000 });

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const LAMPS = 'b0000000-0000-4000-8000-000000000001';
const SOFAS = 'b0000000-0000-4000-8000-000000000002';
const PROJECT = 'a0000000-0000-4000-8000-0000000000a1';

function search(id: string, extra: Partial<SavedSearch>): SavedSearch {
  return {
    id,
    name: 'A search',
    words: null,
    category: null,
    min_price: null,
    max_price: null,
    conditions: [],
    within_miles: null,
    email: 'instant',
    paused: false,
    created_at: '2026-11-26T10:00:00+00:00',
    project: null,
    ...extra,
  };
}

/** The saved_searches table as PostgREST serves the user's rows: read, changed (PATCH) and deleted by id. */
function backendHolds(rows: SavedSearch[], { refuseName }: { refuseName?: string } = {}) {
  const idOf = (request: Request) => new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '');
  server.use(
    http.get(restUrl('saved_searches'), ({ request }) => pgrstRows(request, rows)),
    http.patch(restUrl('saved_searches'), async ({ request }) => {
      const changes = (await request.json()) as Partial<SavedSearch>;
      if (changes.name !== undefined && changes.name === refuseName) {
        return pgrstError(409, '23505', 'You already have a saved search with this name.');
      }
      rows = rows.map((r) => (r.id === idOf(request) ? { ...r, ...changes } : r));
      return pgrstRows(
        request,
        rows.filter((r) => r.id === idOf(request)).map((r) => ({ id: r.id })),
      );
    }),
    http.delete(restUrl('saved_searches'), ({ request }) => {
      rows = rows.filter((r) => r.id !== idOf(request));
      return pgrstRows(request, []);
    }),
  );
}

const renderList = () =>
  renderApp(
    <SavedSearchesList
      userId={USER.id}
      browseHref="/good-stuff"
      describe={(s) =>
        [s.words, s.category, s.max_price === null ? null : `up to $${s.max_price}`].filter(Boolean).join(' · ')
      }
      openHref={(s) => `/good-stuff?q=${s.words ?? ''}${s.project ? `&project=${s.project.id}` : ''}`}
    />,
    { user: USER },
  );

const row = (name: string) =>
  screen.getAllByTestId('saved-search').find((li) => within(li).queryByRole('heading', { name }))!;

describe('Saved → Searches (docs/find-it-first.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('lists the saved searches newest first with what each looks for, its project and Open', async () => {
    backendHolds([
      search(LAMPS, { name: 'Lamps under $100', words: 'lamp', category: 'lighting', max_price: 100, paused: true }),
      search(SOFAS, {
        name: 'Sofa for the den',
        words: 'sofa',
        max_price: 800,
        email: 'daily',
        project: { id: PROJECT, title: 'Den makeover' },
      }),
    ]);
    renderList();
    await screen.findByRole('heading', { name: 'Lamps under $100' });
    expect(screen.getAllByTestId('saved-search').map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Lamps under $100',
      'Sofa for the den',
    ]);
    expect(screen.getByText('2 of 50 saved searches')).toBeInTheDocument();
    const lamps = row('Lamps under $100');
    expect(lamps).toHaveTextContent('lamp · lighting · up to $100');
    expect(within(lamps).getByText('Paused')).toBeInTheDocument();
    expect(within(lamps).getByRole('button', { name: 'Resume Lamps under $100' })).toBeInTheDocument();
    expect(within(lamps).getByLabelText('E-mail for Lamps under $100')).toHaveValue('instant');
    const sofas = row('Sofa for the den');
    expect(sofas).toHaveTextContent('For Den makeover: the highest price follows its remaining budget.');
    expect(within(sofas).getByLabelText('E-mail for Sofa for the den')).toHaveValue('daily');
    expect(within(sofas).getByRole('link', { name: 'Open Sofa for the den' })).toHaveAttribute(
      'href',
      `/good-stuff?q=sofa&project=${PROJECT}`,
    );
    const [read] = await sent.to('GET', 'rest/v1/saved_searches');
    expect(sentAs(read!)).toBe(USER.id);
    expect(read!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
  });

  it('pauses and resumes a search and changes how it is mailed', async () => {
    backendHolds([search(LAMPS, { name: 'Lamps under $100', words: 'lamp' })]);
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'Lamps under $100' });

    await user.click(screen.getByRole('button', { name: 'Pause Lamps under $100' }));
    await findToast('Paused “Lamps under $100”', 'success');
    expect(await within(row('Lamps under $100')).findByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume Lamps under $100' }));
    await findToast('Resumed “Lamps under $100”', 'success');
    await waitFor(() => expect(within(row('Lamps under $100')).queryByText('Paused')).toBeNull());

    await user.selectOptions(screen.getByLabelText('E-mail for Lamps under $100'), 'Off');
    await findToast('E-mail for “Lamps under $100”: Off', 'success');
    await waitFor(() => expect(screen.getByLabelText('E-mail for Lamps under $100')).toHaveValue('off'));

    const changes = await sent.to('PATCH', 'rest/v1/saved_searches');
    expect(changes.map((r) => r.body)).toEqual([{ paused: true }, { paused: false }, { email: 'off' }]);
    expect(changes.map((r) => r.url.searchParams.get('id'))).toEqual([`eq.${LAMPS}`, `eq.${LAMPS}`, `eq.${LAMPS}`]);
  });

  it('renames a search, saying why a name is refused', async () => {
    backendHolds([search(LAMPS, { name: 'Lamps under $100' }), search(SOFAS, { name: 'Sofas' })], {
      refuseName: 'Sofas',
    });
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'Lamps under $100' });
    await user.click(screen.getByRole('button', { name: 'Rename Lamps under $100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename saved search' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Lamps under $100');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(name).toHaveAccessibleDescription('Enter a name');

    await user.type(name, 'Sofas');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already have a saved search with this name.',
    );

    await user.clear(name);
    await user.type(name, '  Brass lamps ');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await findToast('Renamed to “Brass lamps”', 'success');
    expect(await screen.findByRole('heading', { name: 'Brass lamps' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const changes = await sent.to('PATCH', 'rest/v1/saved_searches');
    expect(changes.map((r) => r.body)).toEqual([{ name: 'Sofas' }, { name: 'Brass lamps' }]);
  });

  it('deletes a search once confirmed', async () => {
    backendHolds([search(LAMPS, { name: 'Lamps under $100' }), search(SOFAS, { name: 'Sofas' })]);
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'Lamps under $100' });
    await user.click(screen.getByRole('button', { name: 'Delete Lamps under $100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete saved search?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await sent.to('DELETE', 'rest/v1/saved_searches')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Lamps under $100' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete saved search?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await findToast('Deleted “Lamps under $100”', 'success');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Lamps under $100' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Sofas' })).toBeInTheDocument();
    const [remove] = await sent.to('DELETE', 'rest/v1/saved_searches');
    expect(remove!.url.searchParams.get('id')).toBe(`eq.${LAMPS}`);
  });

  it('says how to make one when there are none', async () => {
    backendHolds([]);
    renderList();
    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Good Stuff' })).toHaveAttribute('href', '/good-stuff');
  });
});
