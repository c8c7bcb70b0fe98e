import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SelectionBoard } from '@/features/board/components/selection-board';
import type { BoardProposal } from '@/features/board/utils/board-proposal';
import { browserImages } from '@/testing/browser-images';
import { findToast, renderApp } from '@/testing/render-app';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storageUrl,
} from '@/testing/supabase-http';
import { storageSignedUrls, storageUploaded } from '@/testing/supabase-storage';

const PROJECT = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dora@example.com');
const LAMP = 'b1000000-0000-4000-8000-000000000001';
const CHAIR = 'b1000000-0000-4000-8000-000000000002';
const SOFA = 'b1000000-0000-4000-8000-000000000003';
const PIECE = 'e1000000-0000-4000-8000-000000000001';

function proposal(overrides: Partial<BoardProposal> & Pick<BoardProposal, 'id' | 'title' | 'price'>): BoardProposal {
  return {
    project_id: PROJECT,
    designer_id: DESIGNER.id,
    customer_id: CUSTOMER.id,
    kind: 'find',
    catalog_item_id: null,
    photo: null,
    store: null,
    link: null,
    dimensions: null,
    room: 'Living room',
    note: null,
    status: 'proposed',
    decline_reason: null,
    alternative_note: null,
    decided_at: null,
    project_item_id: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const BOARD = [
  proposal({
    id: LAMP,
    title: 'Brass lamp',
    price: 40,
    kind: 'piece',
    catalog_item_id: PIECE,
    photo: 'https://cdn.example.com/lamp.webp',
    note: 'For the reading corner',
  }),
  proposal({
    id: CHAIR,
    title: 'Oak chair',
    price: 300,
    room: 'Dining room',
    store: 'Goodwill on Division',
    photo: `${PROJECT}/chair.webp`,
  }),
  proposal({
    id: SOFA,
    title: 'Linen sofa',
    price: 900,
    status: 'declined',
    decline_reason: 'Too big for the wall',
    decided_at: '2026-11-21T10:00:00Z',
  }),
];

let board: BoardProposal[];
let sent: ReturnType<typeof recordRequests>;

beforeEach(() => {
  board = [...BOARD];
  sent = recordRequests();
  server.use(
    http.get(restUrl('board_proposals'), ({ request }) => pgrstRows(request, board)),
    http.post(storageUrl('object/sign/board-photos'), ({ request }) => storageSignedUrls(request)),
    http.get(restUrl('project_items'), ({ request }) => pgrstRows(request, [])),
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [{ items_total: 2310 }])),
  );
});
afterEach(() => sent.stop());

function renderBoard(
  viewer: 'customer' | 'designer',
  { url = `/project/${PROJECT}#board`, budgetType = 'hard' as 'hard' | 'soft', itemsTotal = 2270 } = {},
) {
  return renderApp(
    <SelectionBoard
      projectId={PROJECT}
      userId={viewer === 'customer' ? CUSTOMER.id : DESIGNER.id}
      viewer={viewer}
      open
      budget={{ budget: 2500, budgetType, itemsTotal }}
    />,
    { user: viewer === 'customer' ? CUSTOMER : DESIGNER, url, path: '/project/:projectId' },
  );
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('SelectionBoard: the customer decides', () => {
  it('shows each proposal with its status, photo and what approving would do to the budget', async () => {
    renderBoard('customer');
    await screen.findByRole('article', { name: 'Brass lamp' });
    expect(within(card('Brass lamp')).getByText('Proposed')).toBeVisible();
    expect(within(card('Brass lamp')).getByText('Approving this brings you to $2,310 of $2,500')).toBeVisible();
    expect(within(card('Brass lamp')).getByRole('img', { name: 'Brass lamp' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/lamp.webp',
    );
    // A find's photo is in the private bucket: shown by a signed link.
    await waitFor(() =>
      expect(within(card('Oak chair')).getByRole('img', { name: 'Oak chair' }).getAttribute('src')).toContain(
        `/object/sign/board-photos/${PROJECT}/chair.webp`,
      ),
    );
    expect(within(card('Oak chair')).getByText(/past the hard cap/)).toBeVisible();
    expect(within(card('Linen sofa')).getByText('Declined')).toBeVisible();
    expect(within(card('Linen sofa')).getByText('Too big for the wall')).toBeVisible();
    expect(within(card('Linen sofa')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
    const [read] = await sent.to('GET', 'rest/v1/board_proposals');
    expect(read!.url.searchParams.get('project_id')).toBe(`eq.${PROJECT}`);
    expect(sentAs(read!)).toBe(CUSTOMER.id);
  });

  it('approves after seeing the sentence; the items and their total are read again', async () => {
    server.use(
      http.post(rpcUrl('approve_board_item'), () =>
        HttpResponse.json({ ...BOARD[0], status: 'approved', decided_at: '2026-11-22T10:00:00Z' }),
      ),
    );
    const { user, client } = renderBoard('customer');
    client.setQueryData(['projects', 'detail', PROJECT, 'items'], []);
    await user.click(await screen.findByRole('button', { name: 'Approve Brass lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Brass lamp?' });
    expect(dialog).toHaveTextContent('Approving this brings you to $2,310 of $2,500');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await findToast('Approved: Brass lamp joins the project’s items', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/approve_board_item');
    expect(call!.body).toEqual({ proposal_id: LAMP });
    expect(sentAs(call!)).toBe(CUSTOMER.id);
    // The items and their total (the budget tracker's) are stale now: read again wherever they are shown.
    await waitFor(() =>
      expect(client.getQueryState(['projects', 'detail', PROJECT, 'items'])?.isInvalidated).toBe(true),
    );
  });

  it('shows the hard cap refusal in the database’s words and changes nothing', async () => {
    server.use(
      http.post(rpcUrl('approve_board_item'), () =>
        pgrstError(400, '23514', 'Cannot add item: Would exceed hard budget cap of $2500'),
      ),
    );
    const { user } = renderBoard('customer');
    await user.click(await screen.findByRole('button', { name: 'Approve Oak chair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Oak chair?' });
    expect(dialog).toHaveTextContent('past the hard cap');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cannot add item: Would exceed hard budget cap of $2500',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Oak chair')).getByText('Proposed')).toBeVisible();
  });

  it('declines only with a reason, which is sent as typed', async () => {
    server.use(
      http.post(rpcUrl('decline_board_item'), () =>
        HttpResponse.json({ ...BOARD[1], status: 'declined', decline_reason: 'Too dark for the room' }),
      ),
    );
    const { user } = renderBoard('customer');
    await user.click(await screen.findByRole('button', { name: 'Decline Oak chair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Oak chair?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why you decline it');
    expect(await sent.to('POST', 'rest/v1/rpc/decline_board_item')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Why not?'), '  Too dark for the room ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await findToast('Declined. Your designer is told why.', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/decline_board_item');
    expect(call!.body).toEqual({ proposal_id: CHAIR, reason: 'Too dark for the room' });
  });

  it('asks for an alternative with an optional note', async () => {
    server.use(
      http.post(rpcUrl('ask_board_alternative'), () => HttpResponse.json({ ...BOARD[0], status: 'alternative' })),
    );
    const { user } = renderBoard('customer');
    await user.click(await screen.findByRole('button', { name: 'Ask for an alternative to Brass lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for an alternative to Brass lamp?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask for an alternative' }));
    await findToast('Your designer is asked for an alternative', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/ask_board_alternative');
    expect(call!.body).toEqual({ proposal_id: LAMP });
  });

  it('filters by room and status from the URL, and the selects change it', async () => {
    const { user, router } = renderBoard('customer', { url: `/project/${PROJECT}?status=proposed#board` });
    await screen.findByRole('article', { name: 'Brass lamp' });
    expect(screen.queryByRole('article', { name: 'Linen sofa' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 3 proposals');
    await user.selectOptions(screen.getByLabelText('Room'), 'Dining room');
    expect(screen.queryByRole('article', { name: 'Brass lamp' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Oak chair' })).toBeVisible();
    expect(router.state.location.search).toBe('?status=proposed&room=Dining+room');
    expect(router.state.location.hash).toBe('#board');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(router.state.location.search).toBe('');
  });
});

describe('SelectionBoard: the designer proposes and withdraws', () => {
  it('withdraws a proposal still awaiting the customer; no decisions are offered', async () => {
    server.use(http.post(rpcUrl('withdraw_board_item'), () => HttpResponse.json({ ...BOARD[0], status: 'withdrawn' })));
    const { user } = renderBoard('designer');
    await screen.findByRole('article', { name: 'Brass lamp' });
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw Brass lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Brass lamp?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await findToast('Proposal withdrawn', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/withdraw_board_item');
    expect(call!.body).toEqual({ proposal_id: LAMP });
    expect(sentAs(call!)).toBe(DESIGNER.id);
  });

  it('proposes a Good Stuff piece found by searching the market', async () => {
    server.use(
      http.post(rpcUrl('search_catalog_items'), () =>
        HttpResponse.json([
          {
            id: PIECE,
            title: 'Brass floor lamp',
            price: 40,
            photo_urls: ['https://cdn.example.com/lamp.webp'],
            image_url: null,
            seller_name: 'Sam',
            location: 'Portland, OR',
          },
        ]),
      ),
      http.post(rpcUrl('propose_board_item'), () => HttpResponse.json(BOARD[0])),
    );
    const { user } = renderBoard('designer');
    await user.click(await screen.findByRole('button', { name: 'Propose a piece' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a piece' });
    await user.type(within(dialog).getByLabelText('Search Good Stuff'), 'lamp');
    // The market is asked for the words once typing pauses.
    await waitFor(async () =>
      expect((await sent.to('POST', 'rest/v1/rpc/search_catalog_items')).map((r) => r.body)).toContainEqual(
        expect.objectContaining({ q: 'lamp' }),
      ),
    );
    await user.click(await within(dialog).findByRole('radio', { name: /Brass floor lamp/ }));
    await user.type(within(dialog).getByLabelText('Room'), 'Living room');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await findToast('Proposed. Your client is told.', 'success');
    const searches = await sent.to('POST', 'rest/v1/rpc/search_catalog_items');
    expect(searches.map((r) => r.body)).toContainEqual({ q: 'lamp', sort: 'newest', page_size: 8 });
    const [call] = await sent.to('POST', 'rest/v1/rpc/propose_board_item');
    expect(call!.body).toEqual({ project_id: PROJECT, room: 'Living room', catalog_item_id: PIECE });
  });

  it('proposes an outside find: its photo goes to the private bucket first, then the proposal names it', async () => {
    browserImages({ size: [4000, 3000] });
    server.use(
      http.post(rpcUrl('search_catalog_items'), () => HttpResponse.json([])),
      http.post(storageUrl(`object/board-photos/${PROJECT}/*`), ({ request }) => storageUploaded(request)),
      http.post(rpcUrl('propose_board_item'), () => HttpResponse.json(BOARD[1])),
    );
    const { user } = renderBoard('designer');
    await user.click(await screen.findByRole('button', { name: 'Propose a piece' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a piece' });
    await user.click(within(dialog).getByRole('radio', { name: 'An outside find' }));
    await user.type(within(dialog).getByLabelText('Title'), 'Oak chair');
    await user.type(within(dialog).getByLabelText('Price ($)'), '40');
    await user.upload(
      within(dialog).getByLabelText('Photo (optional)'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'chair.jpg', { type: 'image/jpeg' }),
    );
    await user.type(within(dialog).getByLabelText('Link (optional)'), 'http://example.com/chair');
    await user.type(within(dialog).getByLabelText('Room'), 'Dining room');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The link must start with https://');
    await user.clear(within(dialog).getByLabelText('Link (optional)'));
    await user.type(within(dialog).getByLabelText('Store (optional)'), 'Goodwill on Division');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await findToast('Proposed. Your client is told.', 'success');
    const uploads = (await sent.all()).filter((r) => r.method === 'POST' && r.url.pathname.includes('/board-photos/'));
    expect(uploads).toHaveLength(1);
    const path = uploads[0]!.url.pathname.replace('/storage/v1/object/board-photos/', '');
    expect(path).toMatch(new RegExp(`^${PROJECT}/[0-9a-f-]{36}\\.webp$`));
    const [call] = await sent.to('POST', 'rest/v1/rpc/propose_board_item');
    expect(call!.body).toEqual({
      project_id: PROJECT,
      room: 'Dining room',
      title: 'Oak chair',
      price: 40,
      photo: path,
      store: 'Goodwill on Division',
    });
  });
});
