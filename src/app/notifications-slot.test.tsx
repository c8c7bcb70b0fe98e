import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NotificationBellSlot } from '@/app/notifications-slot';
import { authUser, pgrstRows, recordRequests, restUrl, rpcUrl, server, storeSession } from '@/testing/supabase-http';

// When the page counts as settled is page-settled.ts's own rule (its tests); here the test says when it happens.
const settle = vi.hoisted(() => ({ run: null as (() => void) | null }));
vi.mock('@/lib/page-settled', () => ({
  whenPageSettled: (_client: unknown, run: () => void) => {
    settle.run = run;
    return () => (settle.run = null);
  },
}));

// The real bell, noting when its chunk is first imported.
const chunk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@/features/notifications/components/notification-bell', async (importOriginal) => {
  chunk.loaded = true;
  return importOriginal();
});

const USER = authUser('d0000000-0000-4000-8000-000000000003', 'dee@example.com');

describe('NotificationBellSlot', () => {
  it('loads the bell and reads nothing until the page has settled (background work waits for the page)', async () => {
    storeSession(USER);
    const sent = recordRequests();
    server.use(
      http.post(rpcUrl('unread_notification_count'), () => HttpResponse.json(2)),
      http.get(restUrl('notifications'), ({ request }) => pgrstRows(request, [])),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NotificationBellSlot userId={USER.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The slot waits for the page: it has asked to be told, has not even imported the bell's chunk (every dynamic
    // import started so far has settled) and has sent nothing.
    await waitFor(() => expect(settle.run).not.toBeNull());
    await vi.dynamicImportSettled();
    expect(chunk.loaded).toBe(false);
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(await sent.all()).toEqual([]);

    act(() => settle.run!());
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(async () => expect(await sent.to('GET', 'rest/v1/notifications')).toHaveLength(1));
  });
});
