import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '@/features/notifications/api/get-notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { renderApp } from '@/testing/render-app';
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

const USER = authUser('c0000000-0000-4000-8000-000000000002', 'carl@example.com');

type Row = {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  read_at: string | null;
  created_at: string;
};

/** `count` notifications, newest first; two of them share each second, so the id breaks the ties. */
function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    return {
      id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      kind: 'bid_received',
      title: `Bid ${n} on "Kitchen refresh"`,
      body: `A designer bid $${n}00.`,
      link: '/dashboard/customer',
      read_at: n % 2 === 0 ? null : '2026-11-27T12:00:00Z',
      created_at: new Date(Date.UTC(2026, 10, 27, 9, 0, Math.floor(n / 2))).toISOString(),
    };
  });
}

/**
 * PostgREST's answer for the keyset read: rows at or before `created_at=lte.X`, minus the `or` filter's
 * same-instant ones up to the cursor, newest first, `limit` of them.
 */
const world = { rows: [] as Row[] };
function backendAnswers() {
  server.use(
    http.get(restUrl('notifications'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const lte = params.get('created_at')?.replace(/^lte\./, '');
      const or = params.get('or');
      let result = world.rows;
      if (lte && or) {
        const id = /id\.lt\.([0-9a-f-]+)/.exec(or)![1]!;
        result = result.filter((r) => r.created_at < lte || (r.created_at === lte && r.id < id));
      }
      return pgrstRows(request, result.slice(0, Number(params.get('limit'))));
    }),
    http.post(rpcUrl('unread_notification_count'), () =>
      HttpResponse.json(world.rows.filter((r) => r.read_at === null).length),
    ),
    http.post(rpcUrl('mark_notifications_read'), async ({ request }) => {
      const { ids } = (await request.json()) as { ids?: string[] };
      world.rows = world.rows.map((r) =>
        r.read_at === null && (!ids || ids.includes(r.id)) ? { ...r, read_at: '2026-11-27T13:00:00Z' } : r,
      );
      return HttpResponse.json(ids?.length ?? 0);
    }),
  );
}

function renderList() {
  return renderApp(<NotificationList userId={USER.id} />);
}

describe('NotificationList (/notifications)', () => {
  let sent: ReturnType<typeof recordRequests>;

  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    world.rows = [];
    backendAnswers();
  });

  it('pages with Load more from the last row shown (keyset), without repeats', async () => {
    world.rows = rows(NOTIFICATIONS_PAGE_SIZE + 5);
    const { user } = renderList();
    expect(await screen.findAllByTestId('notification')).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(NOTIFICATIONS_PAGE_SIZE + 5));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const titles = screen.getAllByTestId('notification').map((li) => within(li).getByRole('link').textContent);
    expect(new Set(titles).size).toBe(NOTIFICATIONS_PAGE_SIZE + 5);

    const reads = await sent.to('GET', 'rest/v1/notifications');
    expect(reads).toHaveLength(2);
    expect(reads[0]!.url.searchParams.get('created_at')).toBeNull();
    expect(reads[0]!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(reads[0]!.url.searchParams.get('limit')).toBe(String(NOTIFICATIONS_PAGE_SIZE));
    // The second page starts after the first one's last row.
    const last = world.rows[NOTIFICATIONS_PAGE_SIZE - 1]!;
    expect(reads[1]!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(reads[1]!.url.searchParams.get('created_at')).toBe(`lte.${last.created_at}`);
    expect(reads[1]!.url.searchParams.get('or')).toBe(`(created_at.lt."${last.created_at}",id.lt.${last.id})`);
  });

  it('marks one read by its id, and then that one no longer offers it', async () => {
    world.rows = rows(4);
    const { user } = renderList();
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    const newest = world.rows[0]!;
    await user.click(screen.getByRole('button', { name: `Mark as read: ${newest.title}` }));
    await screen.findByText('1 unread');
    expect(screen.queryByRole('button', { name: `Mark as read: ${newest.title}` })).not.toBeInTheDocument();
    const marks = await sent.to('POST', 'rest/v1/rpc/mark_notifications_read');
    expect(marks.map((r) => r.body)).toEqual([{ ids: [newest.id] }]);
    expect(sentAs(marks[0]!)).toBe(USER.id);
    // Each links to its page.
    expect(screen.getByRole('link', { name: newest.title })).toHaveAttribute('href', '/dashboard/customer');
  });

  it('marks all read', async () => {
    world.rows = rows(4);
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await screen.findByText('All caught up');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    const marks = await sent.to('POST', 'rest/v1/rpc/mark_notifications_read');
    expect(marks.map((r) => r.body)).toEqual([{}]);
  });

  it('says when there are none', async () => {
    renderList();
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
