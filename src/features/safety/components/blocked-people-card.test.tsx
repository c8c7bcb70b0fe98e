import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { BLOCKED_PEOPLE_PAGE_SIZE } from '@/features/safety/api/get-blocked-people';
import { BlockedPeopleCard } from '@/features/safety/components/blocked-people-card';
import { authUser, pgrstRows, recordRequests, restUrl, rpcUrl, server, storeSession } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');

/** The rpc's rows, newest first: person n blocked n minutes before noon. */
const person = (n: number) => ({
  user_id: `d0000000-0000-4000-8000-${n.toString().padStart(12, '0')}`,
  full_name: `Person ${n}`,
  blocked_at: new Date(Date.UTC(2026, 10, 20, 12, 0) - n * 60_000).toISOString(),
});

describe('Blocked people (Settings, docs/trust-and-safety.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });

  it('lists the blocked people a page at a time, the next page after the last one shown', async () => {
    const everyone = Array.from({ length: BLOCKED_PEOPLE_PAGE_SIZE + 3 }, (_, i) => person(i + 1));
    server.use(
      http.post(rpcUrl('blocked_people'), async ({ request }) => {
        const { after_created_at: after } = (await request.json()) as { after_created_at?: string };
        const rest = after ? everyone.filter((p) => p.blocked_at < after) : everyone;
        return Response.json(rest.slice(0, BLOCKED_PEOPLE_PAGE_SIZE));
      }),
    );
    const { user } = renderApp(<BlockedPeopleCard userId={USER.id} />, { user: USER });
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(BLOCKED_PEOPLE_PAGE_SIZE);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Person 1');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText(`Person ${BLOCKED_PEOPLE_PAGE_SIZE + 3}`);
    expect(within(list).getAllByRole('listitem')).toHaveLength(BLOCKED_PEOPLE_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const reads = await sent.to('POST', 'rest/v1/rpc/blocked_people');
    expect(reads.map((r) => r.body)).toEqual([
      { page_size: BLOCKED_PEOPLE_PAGE_SIZE },
      { page_size: BLOCKED_PEOPLE_PAGE_SIZE, after_created_at: person(BLOCKED_PEOPLE_PAGE_SIZE).blocked_at },
    ]);
  });

  it('unblocks one person and reads the list again', async () => {
    let blocked = [person(1), person(2)];
    server.use(
      http.post(rpcUrl('blocked_people'), () => Response.json(blocked)),
      http.delete(restUrl('blocks'), ({ request }) => {
        const id = new URL(request.url).searchParams.get('blocked_id')?.replace('eq.', '');
        blocked = blocked.filter((p) => p.user_id !== id);
        return pgrstRows(request, []);
      }),
    );
    const { user } = renderApp(<BlockedPeopleCard userId={USER.id} />, { user: USER });
    await user.click(await screen.findByRole('button', { name: 'Unblock Person 2' }));
    await findToast('You unblocked Person 2.', 'success');
    await screen.findByText('Person 1');
    await waitGone('Person 2');
    const [remove] = await sent.to('DELETE', 'rest/v1/blocks');
    expect(remove!.url.searchParams.get('blocker_id')).toBe(`eq.${USER.id}`);
  });

  it('says so when nobody is blocked', async () => {
    server.use(http.post(rpcUrl('blocked_people'), () => Response.json([])));
    renderApp(<BlockedPeopleCard userId={USER.id} />, { user: USER });
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
  });
});

async function waitGone(text: string) {
  const list = screen.getByRole('list', { name: 'Blocked people' });
  await expect.poll(() => within(list).queryByText(text)).toBeNull();
}
