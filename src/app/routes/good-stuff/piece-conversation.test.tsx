import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as PieceConversationPage } from '@/app/routes/good-stuff/piece-conversation';
import { answerRealtime } from '@/testing/supabase-realtime';
import { readStateHandlers } from '@/testing/conversation-reads';
import { authUser, pgrstError, pgrstRows, recordRequests, restUrl, rpcUrl, server } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const SELLER = 'd0000000-0000-4000-8000-000000000001';
const PIECE = 'f0000000-0000-4000-8000-000000000001';
const CONVERSATION = '90000000-0000-4000-8000-000000000001';

const message = (n: number, sender: string, body: string, hidden = false) => ({
  id: `70000000-0000-4000-8000-00000000000${n}`,
  conversation_id: CONVERSATION,
  sender_id: sender,
  body,
  created_at: `2026-11-26T10:0${n}:00+00:00`,
  hidden_at: hidden ? '2026-11-27T08:00:00+00:00' : null,
});

/** The conversation between Cora (buying) and Jordan (selling), with `messages`, and the block state between them. */
function backend(state: 'none' | 'blocked' | 'closed', messages: ReturnType<typeof message>[] = []) {
  server.use(
    http.get(restUrl('listing_conversations'), ({ request }) =>
      pgrstRows(request, [
        {
          id: CONVERSATION,
          catalog_item_id: PIECE,
          buyer_id: BUYER.id,
          seller_id: SELLER,
          created_at: '2026-11-26T10:00:00+00:00',
          last_message_at: '2026-11-26T10:05:00+00:00',
          item: { id: PIECE, title: 'Teak sideboard' },
        },
      ]),
    ),
    http.get(restUrl('designer_profiles'), ({ request }) =>
      pgrstRows(request, [{ user_id: SELLER, full_name: 'Jordan Rivera', username: 'jordan' }]),
    ),
    http.get(restUrl('profiles'), ({ request }) => pgrstRows(request, [{ id: BUYER.id, full_name: 'Cora' }])),
    http.get(restUrl('listing_messages'), ({ request }) => pgrstRows(request, messages)),
    http.post(rpcUrl('block_state'), () => HttpResponse.json(state)),
  );
}

function renderPage() {
  return renderApp(<PieceConversationPage />, {
    user: BUYER,
    url: `/good-stuff/${PIECE}/conversation/${CONVERSATION}`,
    path: '/good-stuff/:id/conversation/:conversationId',
  });
}

describe('a piece conversation and blocks (docs/trust-and-safety.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    answerRealtime();
    server.use(...readStateHandlers());
  });

  it('is open with Report and Block when nothing stands between the two', async () => {
    backend('none', [message(1, SELLER, 'Still available.')]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ask Jordan Rivera' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Block Jordan Rivera' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report Jordan Rivera' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Message')).toBeInTheDocument();
    const [asked] = await sent.to('POST', 'rest/v1/rpc/block_state');
    expect(asked!.body).toEqual({ other_user: SELLER });
  });

  it('stays readable but closed after the viewer blocked the other one, offering Unblock', async () => {
    backend('blocked', [message(1, SELLER, 'Still available.')]);
    renderPage();
    expect(await screen.findByText('Still available.')).toBeInTheDocument();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent("You can't contact this person.");
    expect(within(notice).getByRole('button', { name: 'Unblock Jordan Rivera' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('is closed without a word about who blocked whom when the other one blocked the viewer', async () => {
    backend('closed', [message(1, SELLER, 'Still available.')]);
    renderPage();
    expect(await screen.findByText('Still available.')).toBeInTheDocument();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(/^You can't contact this person\.$/);
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByText(/blocked you/i)).not.toBeInTheDocument();
    // The viewer may still block them: the page looks as for anyone.
    expect(screen.getByRole('button', { name: 'Block Jordan Rivera' })).toBeInTheDocument();
  });

  it("says the database's sentence when it refuses a message (42501), and closes the composer", async () => {
    let state: 'none' | 'closed' = 'none';
    backend('none');
    server.use(
      http.post(rpcUrl('block_state'), () => HttpResponse.json(state)),
      http.post(restUrl('listing_messages'), () => {
        state = 'closed';
        return pgrstError(403, '42501', "You can't contact this person.");
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Message'), 'Is it still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await findToast("You can't contact this person.", 'error');
    expect(await screen.findByRole('status')).toHaveTextContent("You can't contact this person.");
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
  });

  it("shows a message Good Space hid as its notice, not as the sender's words, with nothing to report", async () => {
    backend('none', [message(2, SELLER, 'Removed by Good Space', true), message(1, SELLER, 'Hello there.')]);
    renderPage();
    const shown = await screen.findAllByTestId('listing-message');
    expect(shown).toHaveLength(2);
    const removed = shown[1]!;
    expect(removed).toHaveAttribute('data-removed', 'true');
    expect(removed).toHaveTextContent(/^Removed by Good Space · /);
    expect(removed).not.toHaveTextContent('Jordan Rivera');
    expect(removed.querySelector('p')).toHaveClass('italic');
    expect(within(removed).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(shown[0]!).getByRole('button', { name: 'Report the message from Jordan Rivera' }),
    ).toBeInTheDocument();
    const [read] = await sent.to('GET', 'rest/v1/listing_messages');
    expect(read!.url.searchParams.get('select')).toContain('hidden_at');
  });

  it('reports one of the other person’s messages', async () => {
    backend('none', [message(1, SELLER, 'Send me your card number.')]);
    server.use(http.post(restUrl('reports'), ({ request }) => pgrstRows(request, [])));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Report the message from Jordan Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the message from Jordan Rivera' });
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await findToast('Thanks for telling us. Good Space will look at it.', 'success');
    const [insert] = await sent.to('POST', 'rest/v1/reports');
    expect(insert!.body).toEqual({
      subject_kind: 'piece_message',
      subject_id: message(1, SELLER, '').id,
      reason: 'scam',
      details: null,
    });
  });
});
