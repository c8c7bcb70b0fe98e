import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NotificationBellSlot } from '@/app/notifications-slot';
import {
  authUser,
  later,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';

const USER = authUser('d0000000-0000-4000-8000-000000000003', 'dee@example.com');

describe('NotificationBellSlot', () => {
  it("loads the bell only once the page's own reads are done (background work waits for the page)", async () => {
    // The bell's chunk is already downloaded: only the wait for the page keeps it away.
    await import('@/features/notifications/components/notification-bell');
    storeSession(USER);
    const sent = recordRequests();
    server.use(
      http.post(rpcUrl('unread_notification_count'), () => HttpResponse.json(2)),
      http.get(restUrl('notifications'), ({ request }) => pgrstRows(request, [])),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The page being opened is still reading.
    const pageRead = later<string>();
    void client.fetchQuery({ queryKey: ['projects', 'p1'], queryFn: () => pageRead.promise });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NotificationBellSlot userId={USER.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // A negative needs a while: long enough for a bell that did not wait to be on screen and reading (its chunk
    // is loaded above; React reveals what a lazy part suspended on after at most 300 ms).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(await sent.all()).toEqual([]);

    pageRead.give('loaded');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(async () => expect(await sent.to('GET', 'rest/v1/notifications')).toHaveLength(1));
  });
});
