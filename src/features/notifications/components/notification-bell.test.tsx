import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { LATEST_NOTIFICATIONS } from '@/features/notifications/api/get-notifications';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { queryConfig } from '@/lib/query-client';
import { answerRealtime } from '@/testing/supabase-realtime';
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

const USER = authUser('d0000000-0000-4000-8000-000000000001', 'dana@example.com');
const FEED = `realtime:notifications:${USER.id}`;
const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';

type Row = {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  read_at: string | null;
  created_at: string;
};

/** notifications' columns as Realtime describes a change's row (pg_type names). */
const COLUMNS = [
  { name: 'id', type: 'uuid' },
  { name: 'user_id', type: 'uuid' },
  { name: 'kind', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'link', type: 'text' },
  { name: 'read_at', type: 'timestamptz' },
  { name: 'created_at', type: 'timestamptz' },
];

function notification(n: number, overrides: Partial<Row> = {}): Row {
  return {
    id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'message_received',
    title: `Notification ${n}`,
    body: null,
    link: `/project/${PROJECT_ID}`,
    read_at: null,
    created_at: new Date(Date.UTC(2026, 10, 27, 9, 0, n)).toISOString(),
    ...overrides,
  };
}

/** The database as the bell reads it, whatever it holds when each request arrives. */
const world = { rows: [] as Row[] };
function backendAnswers() {
  server.use(
    http.get(restUrl('notifications'), ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit'));
      return pgrstRows(request, world.rows.slice(0, limit));
    }),
    http.post(rpcUrl('unread_notification_count'), () =>
      HttpResponse.json(world.rows.filter((r) => r.read_at === null).length),
    ),
    http.post(rpcUrl('mark_notifications_read'), async ({ request }) => {
      const { ids } = (await request.json()) as { ids?: string[] };
      let changed = 0;
      world.rows = world.rows.map((r) => {
        if (r.read_at !== null || (ids && !ids.includes(r.id))) return r;
        changed++;
        return { ...r, read_at: new Date().toISOString() };
      });
      return HttpResponse.json(changed);
    }),
  );
}

function renderBell() {
  const client = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
  const user = userEvent.setup();
  return {
    user,
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <NotificationBell userId={USER.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

describe('NotificationBell', () => {
  let sent: ReturnType<typeof recordRequests>;
  let feed: ReturnType<typeof answerRealtime>;

  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    feed = answerRealtime();
    world.rows = [];
    backendAnswers();
  });

  it('names the unread count and lists the latest five, each a link to its page', async () => {
    world.rows = [
      notification(7, {
        title: 'Ana bid $1,200 on "Kitchen refresh"',
        body: 'Warm woods and open shelves.',
        link: `/project/${PROJECT_ID}`,
      }),
      notification(6, { title: 'Your nudge was accepted', link: '/dashboard/customer' }),
      notification(5, { title: 'Ana accepted your bid' }),
      notification(4, { read_at: '2026-11-27T10:00:00Z' }),
      notification(3, { read_at: '2026-11-27T10:00:00Z' }),
      notification(2),
    ];
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 unread' });

    await user.click(bell);
    const menu = await screen.findByRole('menu');
    const links = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.tagName === 'A');
    // The five newest and "See all notifications".
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Unread: Ana bid $1,200 on "Kitchen refresh"Warm woods and open shelves.'),
      expect.stringContaining('Unread: Your nudge was accepted'),
      expect.stringContaining('Unread: Ana accepted your bid'),
      expect.stringContaining('Notification 4'),
      expect.stringContaining('Notification 3'),
      'See all notifications',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/project/${PROJECT_ID}`,
      '/dashboard/customer',
      `/project/${PROJECT_ID}`,
      `/project/${PROJECT_ID}`,
      `/project/${PROJECT_ID}`,
      '/notifications',
    ]);
    // The user's own rows, newest first, as the index orders them, LATEST_NOTIFICATIONS of them.
    const [read] = await sent.to('GET', 'rest/v1/notifications');
    expect(read!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(read!.url.searchParams.get('limit')).toBe(String(LATEST_NOTIFICATIONS));
    expect(sentAs(read!)).toBe(USER.id);
  });

  it('says only "Notifications" with nothing unread, and has nothing to mark', async () => {
    world.rows = [notification(1, { read_at: '2026-11-27T10:00:00Z' })];
    const { user } = renderBell();
    await waitFor(async () => expect(await sent.to('POST', 'rest/v1/rpc/unread_notification_count')).toHaveLength(1));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows an empty list when there are none', async () => {
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it('marks all read with one request for every unread one, and the count goes', async () => {
    world.rows = [notification(2), notification(1)];
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    const marks = await sent.to('POST', 'rest/v1/rpc/mark_notifications_read');
    expect(marks).toHaveLength(1);
    // No ids: the function marks every unread one of the caller.
    expect(marks[0]!.body).toEqual({});
    expect(sentAs(marks[0]!)).toBe(USER.id);
  });

  it('opening one from the list marks that one read', async () => {
    world.rows = [notification(2, { title: 'Ana accepted your bid' }), notification(1)];
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Ana accepted your bid/ }));
    await waitFor(async () =>
      expect((await sent.to('POST', 'rest/v1/rpc/mark_notifications_read')).map((r) => r.body)).toEqual([
        { ids: [notification(2).id] },
      ]),
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('counts and announces a new notification live, once, from its own realtime feed', async () => {
    world.rows = [notification(1, { title: 'Old news' })];
    feed.answerJoins();
    const { client } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(feed.isJoined(FEED)).toBe(true));
    expect(feed.joins[0]!.bindings).toEqual([
      expect.objectContaining({
        event: '*',
        schema: 'public',
        table: 'notifications',
        filter: `user_id=eq.${USER.id}`,
      }),
    ]);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const region = screen.getByRole('status');
    // What was there when the bell loaded is not news.
    expect(region).toHaveTextContent('');

    // The database writes a notification for the user: the feed reports the insert.
    const arrived = notification(2, { title: 'Bo nudged you about "Loft"' });
    world.rows = [arrived, ...world.rows];
    feed.change('notifications', 'INSERT', COLUMNS, { record: { ...arrived, user_id: USER.id } });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await waitFor(() => expect(region).toHaveTextContent('New notification: Bo nudged you about "Loft"'));

    // Marked read in another tab: the count follows, and nothing new is announced.
    world.rows = world.rows.map((r) => ({ ...r, read_at: '2026-11-27T11:00:00Z' }));
    feed.change('notifications', 'UPDATE', COLUMNS, { record: { ...world.rows[0], user_id: USER.id } });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(region).toHaveTextContent('New notification: Bo nudged you about "Loft"');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
