import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLiveQuery } from '@/hooks/use-live-query';
import { whenPageSettled } from '@/lib/page-settled';
import { supabase } from '@/lib/supabase';
import { renderApp } from '@/testing/render-app';
import { answerRealtime } from '@/testing/supabase-realtime';
import { authUser, pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const ORDER_ID = '0a000000-0000-4000-8000-000000000001';
const FEED = `realtime:order:${ORDER_ID}`;

/** The order's status as the database has it now. */
let status = 'paid';

function OrderStatus() {
  const queryKey = ['order-status', ORDER_ID];
  const order = useQuery({
    queryKey,
    queryFn: async () => {
      const { data, error } = await supabase.from('orders').select('status').eq('id', ORDER_ID).single();
      if (error) throw error;
      return data;
    },
  });
  useLiveQuery({ channel: `order:${ORDER_ID}`, table: 'orders', filter: `id=eq.${ORDER_ID}`, queryKey });
  return <p data-testid="status">{order.data?.status ?? 'loading'}</p>;
}

describe('useLiveQuery', () => {
  let sent: ReturnType<typeof recordRequests>;
  let feed: ReturnType<typeof answerRealtime>;
  const reads = async () => sent.to('GET', 'rest/v1/orders');

  beforeEach(() => {
    status = 'paid';
    sent = recordRequests();
    feed = answerRealtime();
    server.use(http.get(restUrl('orders'), ({ request }) => pgrstRows(request, [{ status }])));
  });

  it('catches up once Realtime streams the changes, not at the join reply: a change between the two is read', async () => {
    feed.answerJoins({ stream: false });
    const { client } = renderApp(<OrderStatus />, { user: USER });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('paid'));
    await waitFor(() => expect(feed.joins.map((join) => join.topic)).toEqual([FEED]));
    // Joined, replication not ready. Let any catch-up the join's reply could have started run to its end (it waits
    // for the page to settle, then reads): there is none, since a read now could miss the change below.
    await new Promise<void>((settled) => whenPageSettled(client, settled, 5000));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(await reads()).toHaveLength(1);
    // A change committed now is never delivered.
    status = 'collected';
    // "Subscribed to PostgreSQL": the catch-up read sees the change the feed missed.
    feed.startStreams();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('collected'));
    expect(await reads()).toHaveLength(2);
  });
});
