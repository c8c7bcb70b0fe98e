import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PieceConversations } from '@/features/messages/components/piece-conversations';
import {
  authUser,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { answerRealtime } from '@/testing/supabase-realtime';
import { renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const SELLER = authUser('d0000000-0000-4000-8000-000000000001', 'jordan@example.com');
const PIECE = 'f0000000-0000-4000-8000-000000000001';
const CORA = 'c0000000-0000-4000-8000-000000000001';
const BEN = 'c0000000-0000-4000-8000-000000000002';
const WITH_CORA = '90000000-0000-4000-8000-000000000001';
const WITH_BEN = '90000000-0000-4000-8000-000000000002';

const conversation = (id: string, buyer: string, last: string) => ({
  id,
  catalog_item_id: PIECE,
  buyer_id: buyer,
  seller_id: SELLER.id,
  created_at: '2026-11-26T09:00:00+00:00',
  last_message_at: last,
});

describe("PieceConversations: the seller's list of buyers' conversations (docs/working-together.md)", () => {
  let sent: ReturnType<typeof recordRequests>;
  let realtime: ReturnType<typeof answerRealtime>;
  beforeEach(() => {
    storeSession(SELLER);
    sent = recordRequests();
    realtime = answerRealtime();
  });

  it('shows how many of each buyer’s messages the seller has not read, and reads again when the seller reads one', async () => {
    realtime.answerJoins();
    let unread = [
      { kind: 'piece' as const, conversation_id: WITH_CORA, unread: 2 },
      // Another piece's or a project's conversation is not on this list.
      { kind: 'project' as const, conversation_id: WITH_BEN, unread: 5 },
    ];
    server.use(
      http.get(restUrl('listing_conversations'), ({ request }) =>
        pgrstRows(request, [
          conversation(WITH_CORA, CORA, '2026-11-26T10:05:00+00:00'),
          conversation(WITH_BEN, BEN, '2026-11-26T10:01:00+00:00'),
        ]),
      ),
      http.get(restUrl('designer_profiles'), ({ request }) => pgrstRows(request, [])),
      http.get(restUrl('profiles'), ({ request }) =>
        pgrstRows(request, [
          { id: CORA, full_name: 'Cora' },
          { id: BEN, full_name: 'Ben' },
        ]),
      ),
      // rpc unread_counts, answered from `unread` as it is at each read.
      http.post(rpcUrl('unread_counts'), () => HttpResponse.json(unread)),
    );
    renderApp(
      <PieceConversations
        itemId={PIECE}
        title="Teak sideboard"
        viewerId={SELLER.id}
        conversationHref={(id) => `/good-stuff/${PIECE}/conversation/${id}`}
      />,
      { user: SELLER },
    );
    const cora = (await screen.findByText('Cora')).closest('a')!;
    expect(await within(cora).findByText('2 unread')).toBeInTheDocument();
    const ben = screen.getByText('Ben').closest('a')!;
    expect(within(ben).queryByTestId('unread')).not.toBeInTheDocument();
    const [asked] = await sent.to('POST', 'rest/v1/rpc/unread_counts');
    expect(sentAs(asked!)).toBe(SELLER.id);

    // The seller read Cora's conversation (here or in another tab): their own read row changes, the counts are read again.
    const topic = `realtime:unread-counts:${SELLER.id}`;
    await vi.waitFor(() => expect(realtime.isJoined(topic)).toBe(true));
    expect(realtime.joins.find((j) => j.topic === topic)!.bindings[0]).toMatchObject({
      table: 'conversation_reads',
      filter: `user_id=eq.${SELLER.id}`,
    });
    unread = [];
    realtime.change('conversation_reads', 'INSERT', [{ name: 'user_id', type: 'uuid' }], {
      record: { user_id: SELLER.id, kind: 'piece', conversation_id: WITH_CORA },
    });
    await vi.waitFor(() => expect(within(cora).queryByText('2 unread')).not.toBeInTheDocument());
  });
});
