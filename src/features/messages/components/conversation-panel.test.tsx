import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';
import { browserImages } from '@/testing/browser-images';
import { readStateHandlers } from '@/testing/conversation-reads';
import { answerRealtime } from '@/testing/supabase-realtime';
import {
  API_URL,
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  server,
  storageUrl,
  storeSession,
} from '@/testing/supabase-http';
import { storageSignedUrls, storageUploaded } from '@/testing/supabase-storage';
import { findToast, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const SELLER_ID = 'd0000000-0000-4000-8000-000000000001';
const CONVERSATION = '90000000-0000-4000-8000-000000000001';

const message = (id: number, sender: string, body: string, minute: number, photos: string[] = []) => ({
  id: `70000000-0000-4000-8000-00000000000${id}`,
  conversation_id: CONVERSATION,
  sender_id: sender,
  body,
  photos,
  created_at: `2026-11-26T10:0${minute}:00+00:00`,
  hidden_at: null,
});

const TOPIC = `realtime:piece-chat:${CONVERSATION}`;

beforeAll(() => {
  // jsdom has no object URLs; the composer shows picked photos through them.
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:${API_URL}/preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

function renderPanel() {
  return renderApp(
    <ConversationPanel conversationId={CONVERSATION} userId={BUYER.id} otherName="Dana Seller" title="Messages" />,
  );
}

describe('ConversationPanel (docs/product.md, Good Stuff: Ask the seller)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let realtime: ReturnType<typeof answerRealtime>;
  beforeEach(() => {
    storeSession(BUYER);
    sent = recordRequests();
    // The socket outlives a test: every test's connection is answered here (joins wait until answerJoins).
    realtime = answerRealtime();
    server.use(...readStateHandlers());
  });

  it('shows the thread oldest first, own messages as You, the seller by name, from the newest page', async () => {
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) =>
        pgrstRows(request, [
          message(2, SELLER_ID, 'Yes, it works: rewired last year.', 2),
          message(1, BUYER.id, 'Does the lamp work?', 1),
        ]),
      ),
    );
    renderPanel();
    const shown = await screen.findAllByTestId('listing-message');
    expect(shown.map((m) => m.textContent)).toEqual([
      expect.stringMatching(/^You · .*Does the lamp work\?$/),
      expect.stringMatching(/^Dana Seller · .*Yes, it works: rewired last year\.$/),
    ]);
    const [read] = await sent.to('GET', 'rest/v1/listing_messages');
    expect(read!.url.searchParams.get('conversation_id')).toBe(`eq.${CONVERSATION}`);
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(read!.url.searchParams.get('limit')).toBe('30');
  });

  it('sends the trimmed message as the viewer, and keeps a failed one on screen with Retry', async () => {
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, [])),
      http.post(restUrl('listing_messages'), () => pgrstError(403, '42501', 'new row violates row-level security')),
    );
    const { user } = renderPanel();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), '  Still available?  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await findToast('Failed to send message', 'error');
    expect(screen.getByTestId('outgoing-message')).toHaveTextContent('Not sent');
    const [insert] = await sent.to('POST', 'rest/v1/listing_messages');
    expect(insert!.body).toEqual({ conversation_id: CONVERSATION, sender_id: BUYER.id, body: 'Still available?' });
    expect(sentAs(insert!)).toBe(BUYER.id);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says when to try again when the hourly message limit is reached (429 PT429), keeping the message', async () => {
    const sentence = "You're doing that too often. Try again in 7 minutes.";
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, [])),
      http.post(restUrl('listing_messages'), () => pgrstError(429, 'PT429', sentence)),
    );
    const { user } = renderPanel();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await findToast(sentence, 'error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows the seller's new message live (realtime insert on this conversation)", async () => {
    realtime.answerJoins();
    const reply = message(3, SELLER_ID, 'Pick-up any evening.', 3);
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) =>
        pgrstRows(request, new URL(request.url).searchParams.get('id') ? [reply] : []),
      ),
    );
    renderPanel();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    const topic = `realtime:listing-messages:${CONVERSATION}`;
    await vi.waitFor(() => expect(realtime.isJoined(topic)).toBe(true));
    expect(realtime.joins.find((j) => j.topic === topic)!.bindings[0]).toMatchObject({
      event: 'INSERT',
      table: 'listing_messages',
      filter: `conversation_id=eq.${CONVERSATION}`,
    });
    realtime.change(
      'listing_messages',
      'INSERT',
      [
        { name: 'id', type: 'uuid' },
        { name: 'conversation_id', type: 'uuid' },
        { name: 'sender_id', type: 'uuid' },
        { name: 'body', type: 'text' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      { record: reply },
    );
    expect(await screen.findByText('Pick-up any evening.')).toBeInTheDocument();
  });

  it('sends photos only: picked (up to 6), one removed before sending, made WebP and uploaded to the conversation folder first', async () => {
    const drawn = browserImages({ size: [4000, 3000] });
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, [])),
      http.post(storageUrl(`object/message-photos/piece/${CONVERSATION}/*`), ({ request }) => storageUploaded(request)),
      http.post(restUrl('listing_messages'), async ({ request }) => {
        const body = (await request.clone().json()) as { photos: string[] };
        return pgrstRows(request, [message(4, BUYER.id, '', 4, body.photos)]);
      }),
      http.post(storageUrl('object/sign/message-photos'), ({ request }) => storageSignedUrls(request)),
    );
    const { user } = renderPanel();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Add photos'), [
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'lamp.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cord.png', { type: 'image/png' }),
    ]);
    const picked = screen.getByRole('list', { name: 'Photos to send' });
    expect(
      within(picked)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['lamp.jpg, 1 of 2', 'cord.png, 2 of 2']);
    await user.click(screen.getByRole('button', { name: 'Remove cord.png' }));
    expect(within(picked).getAllByRole('img')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('img', { name: 'Your photos, 1 of 1' })).toBeInTheDocument();
    const uploads = (await sent.all()).filter(
      (r) => r.method === 'POST' && r.url.pathname.includes('/object/message-photos/'),
    );
    expect(uploads).toHaveLength(1);
    expect(drawn).toHaveLength(1);
    const path = uploads[0]!.url.pathname.replace('/storage/v1/object/message-photos/', '');
    expect(path).toMatch(new RegExp(`^piece/${CONVERSATION}/[0-9a-f-]{36}\\.webp$`));
    const [insert] = await sent.to('POST', 'rest/v1/listing_messages');
    expect(insert!.body).toEqual({ conversation_id: CONVERSATION, sender_id: BUYER.id, body: '', photos: [path] });
  });

  it("refuses a seventh photo in the database's words, and an empty message", async () => {
    server.use(http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, [])));
    const { user } = renderPanel();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    const many = Array.from({ length: 7 }, (_, i) => new File(['x'], `p${i}.jpg`, { type: 'image/jpeg' }));
    await user.upload(screen.getByLabelText('Add photos'), many);
    expect(await screen.findByText('Add at most 6 photos to a message')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Add at most 6 photos to a message')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove p6.jpg' }));
    expect(screen.queryByText('Add at most 6 photos to a message')).not.toBeInTheDocument();
    expect(await sent.to('POST', 'rest/v1/listing_messages')).toEqual([]);
  });

  it('shows a message\'s photos as thumbnails that open a viewer: arrows move, "2 of 3", Escape closes back to the thumbnail', async () => {
    const photos = ['a', 'b', 'c'].map((n) => `piece/${CONVERSATION}/${n}.webp`);
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) =>
        pgrstRows(request, [message(2, SELLER_ID, 'The lamp in daylight', 2, photos)]),
      ),
      http.post(storageUrl('object/sign/message-photos'), ({ request }) => storageSignedUrls(request)),
    );
    const { user } = renderPanel();
    const grid = await screen.findByRole('list', { name: 'Photos from Dana Seller' });
    const thumbs = within(grid).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    await user.click(thumbs[0]!);
    const viewer = await screen.findByRole('dialog', { name: 'Photos from Dana Seller' });
    expect(within(viewer).getByText('1 of 3')).toBeInTheDocument();
    expect(viewer).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Photos from Dana Seller, 2 of 3' }).getAttribute('src')).toContain(
      `message-photos/piece/${CONVERSATION}/b.webp?token=`,
    );
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(viewer).getByText('3 of 3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(thumbs[0]).toHaveFocus();
  });

  it('shows Seen under the last own message the seller has read, and moves it live when they read on', async () => {
    realtime.answerJoins();
    let seenAt = '2026-11-26T10:02:30+00:00';
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) =>
        pgrstRows(request, [
          message(3, BUYER.id, 'And the shade?', 3),
          message(2, BUYER.id, 'Does it dim?', 2),
          message(1, SELLER_ID, 'Hello!', 1),
        ]),
      ),
      http.get(restUrl('conversation_reads'), ({ request }) =>
        pgrstRows(request, [{ user_id: SELLER_ID, last_read_at: seenAt }]),
      ),
    );
    renderPanel();
    const shown = await screen.findAllByTestId('listing-message');
    await waitFor(() => expect(within(shown[1]!).getByText('Seen')).toBeInTheDocument());
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    const [read] = await sent.to('GET', 'rest/v1/conversation_reads');
    expect(read!.url.searchParams.get('kind')).toBe('eq.piece');
    expect(read!.url.searchParams.get('conversation_id')).toBe(`eq.${CONVERSATION}`);
    expect(read!.url.searchParams.get('user_id')).toBe(`neq.${BUYER.id}`);
    const topic = `realtime:conversation-reads:piece:${CONVERSATION}`;
    await vi.waitFor(() => expect(realtime.isJoined(topic)).toBe(true));
    seenAt = '2026-11-26T10:04:00+00:00';
    realtime.change('conversation_reads', 'UPDATE', [{ name: 'conversation_id', type: 'uuid' }], {
      record: { user_id: SELLER_ID, kind: 'piece', conversation_id: CONVERSATION, last_read_at: seenAt },
    });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('listing-message')[2]!).getByText('Seen')).toBeInTheDocument(),
    );
    expect(screen.getAllByText('Seen')).toHaveLength(1);
  });

  it("marks the conversation read when it opens, and again when the seller's next message arrives while it is visible", async () => {
    realtime.answerJoins();
    const reply = message(3, SELLER_ID, 'Pick-up any evening.', 3);
    server.use(
      http.get(restUrl('listing_messages'), ({ request }) =>
        pgrstRows(request, new URL(request.url).searchParams.get('id') ? [reply] : [message(1, SELLER_ID, 'Hi', 1)]),
      ),
    );
    renderPanel();
    await vi.waitFor(async () => expect(await sent.to('POST', 'rest/v1/rpc/mark_conversation_read')).toHaveLength(1));
    const [mark] = await sent.to('POST', 'rest/v1/rpc/mark_conversation_read');
    expect(mark!.body).toEqual({ kind: 'piece', conversation_id: CONVERSATION });
    expect(sentAs(mark!)).toBe(BUYER.id);
    const topic = `realtime:listing-messages:${CONVERSATION}`;
    await vi.waitFor(() => expect(realtime.isJoined(topic)).toBe(true));
    realtime.change('listing_messages', 'INSERT', [{ name: 'id', type: 'uuid' }], { record: { id: reply.id } });
    expect(await screen.findByText('Pick-up any evening.')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await sent.to('POST', 'rest/v1/rpc/mark_conversation_read')).toHaveLength(2));
  });

  it('joins the private channel piece-chat:<id> keyed by the viewer, shows the seller online and typing, and says when the viewer types', async () => {
    realtime.answerJoins();
    server.use(http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, [])));
    const { user } = renderPanel();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    await vi.waitFor(() => expect(realtime.presentOn(TOPIC)).toEqual([BUYER.id]));
    expect(realtime.joins.find((j) => j.topic === TOPIC)).toMatchObject({ private: true, presenceKey: BUYER.id });
    expect(screen.queryByTestId('online-status')).not.toBeInTheDocument();

    realtime.presenceJoin(TOPIC, SELLER_ID, { user_id: SELLER_ID, online_at: '2026-11-26T10:00:00Z' });
    expect(await screen.findByText('Dana Seller is online')).toBeInTheDocument();
    realtime.broadcast(TOPIC, 'typing', { user_id: SELLER_ID, typing: true });
    expect(await screen.findByText('Dana Seller is typing…')).toBeInTheDocument();
    realtime.broadcast(TOPIC, 'typing', { user_id: SELLER_ID, typing: false });
    await waitFor(() => expect(screen.queryByText('Dana Seller is typing…')).not.toBeInTheDocument());
    realtime.presenceLeave(TOPIC, SELLER_ID);
    await waitFor(() => expect(screen.queryByText('Dana Seller is online')).not.toBeInTheDocument());

    server.use(
      http.post(restUrl('listing_messages'), () => pgrstError(403, '42501', 'new row violates row-level security')),
    );
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await vi.waitFor(() =>
      expect(realtime.broadcasts).toEqual([
        { topic: TOPIC, event: 'typing', payload: { user_id: BUYER.id, typing: true } },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(realtime.broadcasts.at(-1)).toEqual({
        topic: TOPIC,
        event: 'typing',
        payload: { user_id: BUYER.id, typing: false },
      }),
    );
    expect(realtime.broadcasts).toHaveLength(2);
    await findToast('Failed to send message', 'error');
  });
});
