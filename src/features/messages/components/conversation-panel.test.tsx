import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';
import { answerRealtime } from '@/testing/supabase-realtime';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const SELLER_ID = 'd0000000-0000-4000-8000-000000000001';
const CONVERSATION = '90000000-0000-4000-8000-000000000001';

const message = (id: number, sender: string, body: string, minute: number) => ({
  id: `70000000-0000-4000-8000-00000000000${id}`,
  conversation_id: CONVERSATION,
  sender_id: sender,
  body,
  created_at: `2026-11-26T10:0${minute}:00+00:00`,
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
});
